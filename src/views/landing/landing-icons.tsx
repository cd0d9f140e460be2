import type { SVGProps } from 'react';

// A handful of line icons drawn inline: an icon package would cost more bytes than the page.
type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Icon({ size = 20, children, ...rest }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

/** The brand mark: a serving cloche. */
export function ClocheIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 17h18M5 17a7 7 0 0 1 14 0M12 8v2" />
      <circle cx="12" cy="6.5" r="1.2" fill="currentColor" stroke="none" />
    </Icon>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 4h14v16H5zM9 8h6M9 12h6M9 16h3" />
    </Icon>
  );
}

export function ScooterIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="6" cy="17" r="2.5" />
      <circle cx="18" cy="17" r="2.5" />
      <path d="M8.5 17h7M15 17l-2-8h-3M13 9h3l2.5 8M4 12h5" />
    </Icon>
  );
}

export function RocketIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 19c1-3 2-4 4-4M14.5 4.5C18 3 21 3 21 3s0 3-1.5 6.5L13 16l-5-5 6.5-6.5z" />
      <circle cx="15.5" cy="8.5" r="1.5" />
    </Icon>
  );
}

export function CheckCircleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12.5l2.5 2.5L16 9.5" />
    </Icon>
  );
}

export function AlertCircleIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5v5.5M12 16.5v.01" />
    </Icon>
  );
}
