import { Svg, type IconProps } from './svg';

export const TruckIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M1 4h13v12H1zM14 8h4l3 3v5h-7" />
    <circle cx="6" cy="18" r="2" />
    <circle cx="17" cy="18" r="2" />
  </Svg>
);
