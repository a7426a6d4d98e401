import { Svg, type IconProps } from './svg';

export const PackageIcon = (p: IconProps) => (
  <Svg {...p}>
    <path d="m21 8-9-5-9 5v8l9 5 9-5z" />
    <path d="m3 8 9 5 9-5M12 13v8" />
  </Svg>
);
