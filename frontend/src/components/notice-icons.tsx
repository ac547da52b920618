// Icons of the message list: an announcement's megaphone and a message's bell.
import { Svg, type IconProps } from '@/components/icon-base';

export const MegaphoneIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3 10v4a1 1 0 0 0 1 1h3l7 4V5L7 9H4a1 1 0 0 0-1 1Z" />
    <path d="M18 8.5a5 5 0 0 1 0 7" />
    <path d="m7 15 1.5 5h2.5L10 15.5" />
  </Svg>
);

export const BellIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15L6 16Z" />
    <path d="M10 20.5a2 2 0 0 0 4 0" />
  </Svg>
);
