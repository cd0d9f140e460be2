import { Icon, type IconProps } from '../../components/line-icons';

/** The tick on a step of the rail that is behind the owner. */
export function CheckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </Icon>
  );
}
