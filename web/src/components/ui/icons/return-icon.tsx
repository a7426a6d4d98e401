import { Svg, type IconProps } from './svg';

export const ReturnIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M3 7v6h6" />
    <path d="M3 13a9 9 0 1 0 3-7.7L3 8" />
  </Svg>
);
