import type { SVGProps } from 'react';

// Line icons drawn inline, shared by the public pages (landing, sign-in, survey): an icon
// package would cost more bytes than those pages. Each area keeps its own icons next to it and
// draws them on this base.
export type IconProps = SVGProps<SVGSVGElement> & { size?: number };

export function Icon({ size = 20, children, ...rest }: IconProps) {
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

/** A link that opens elsewhere (a new tab): an arrow out of a box. */
export function ExternalLinkIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
    </Icon>
  );
}
