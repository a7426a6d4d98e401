import { Svg, type IconProps } from './svg';

export const LeafIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="M11 20A7 7 0 0 1 4 13c0-6 6-9 16-9 0 10-3 16-9 16Z" />
    <path d="M4 21c4-5 7-8 11-10" />
  </Svg>
);
