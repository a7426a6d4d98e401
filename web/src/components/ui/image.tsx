// Images with their size fixed up front (no layout shift), lazy below the fold, and a placeholder
// when the file is missing or broken.
import { useEffect, useState, type ImgHTMLAttributes } from 'react';

export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';

interface ImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'width' | 'height' | 'loading'> {
  src: string | null | undefined;
  alt: string;
  width: number;
  height: number;
  /** Above-the-fold images: load now and ask the browser to fetch them first. */
  priority?: boolean;
}

export function Image({ src, alt, width, height, priority = false, className = '', style, ...rest }: ImageProps) {
  const wanted = src && src.trim() ? src : PLACEHOLDER_IMAGE;
  const [current, setCurrent] = useState(wanted);
  useEffect(() => setCurrent(wanted), [wanted]);

  return (
    <img
      {...rest}
      src={current}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      // React 19 knows fetchPriority; it tells the browser the hero image matters most.
      fetchPriority={priority ? 'high' : 'auto'}
      className={`img ${className}`.trim()}
      style={{ aspectRatio: `${width} / ${height}`, ...style }}
      onError={() => {
        // Only once: if the placeholder itself fails we stop rather than loop.
        if (current !== PLACEHOLDER_IMAGE) setCurrent(PLACEHOLDER_IMAGE);
      }}
    />
  );
}
