import { useEffect, useRef, useState } from 'react';
import { imageUrl } from '../lib/cdn';
import placeholder from './placeholder.svg';

type Props = { src: string; alt: string; className?: string; fallback?: string; width?: number; height?: number };

// LazyImage loads its image when a tenth of it scrolls into view, tries
// once, and shows a placeholder if that fails (spec §9, §8).
export function LazyImage({ src, alt, className, fallback = placeholder, width, height }: Props) {
  const ref = useRef<HTMLImageElement>(null);
  const [visible, setVisible] = useState(typeof IntersectionObserver === 'undefined');
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (visible || !ref.current) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          io.disconnect();
        }
      },
      { threshold: 0.1 },
    );
    io.observe(ref.current);
    return () => io.disconnect();
  }, [visible]);

  useEffect(() => setFailed(false), [src]);

  return (
    <img
      ref={ref}
      className={className}
      alt={alt}
      width={width}
      height={height}
      src={failed || !src ? fallback : visible ? imageUrl(src) : placeholder}
      data-state={failed ? 'failed' : visible ? 'loaded' : 'waiting'}
      onError={() => setFailed(true)}
      decoding="async"
    />
  );
}
