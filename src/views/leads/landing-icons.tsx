import { Icon, type IconProps } from '../../components/line-icons';

// The landing page's own icons; the brand mark and the alert icons are shared (line-icons).

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
