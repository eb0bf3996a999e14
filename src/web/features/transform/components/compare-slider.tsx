import { useState } from 'react';
import { MoveHorizontal } from 'lucide-react';

/**
 * Before and after, one over the other, with a handle the visitor drags (or moves with the
 * keyboard). `afterSrcSet` and `sizes` let the browser load the artwork's rendition that fits.
 */
export function CompareSlider({
  beforeUrl,
  afterUrl,
  afterSrcSet,
  sizes,
  alt,
}: {
  beforeUrl: string;
  afterUrl: string;
  afterSrcSet?: string;
  sizes?: string;
  alt: string;
}) {
  const [position, setPosition] = useState(50);
  return (
    <div className="relative select-none overflow-hidden rounded-xl bg-muted" data-testid="compare-slider">
      <img src={afterUrl} srcSet={afterSrcSet} sizes={sizes} alt={alt} className="block w-full" draggable={false} />
      <div className="absolute inset-0" style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }} aria-hidden>
        <img src={beforeUrl} alt="" className="block h-full w-full object-cover" draggable={false} />
      </div>
      <div className="pointer-events-none absolute inset-y-0" style={{ left: `${position}%` }} aria-hidden>
        <div className="absolute inset-y-0 -ml-px w-0.5 bg-white shadow-[0_0_6px_rgba(0,0,0,0.5)]" />
        <div className="absolute top-1/2 -ml-5 -mt-5 grid size-10 place-items-center rounded-full bg-white text-primary shadow-lg">
          <MoveHorizontal className="size-5" />
        </div>
      </div>
      <span className="pointer-events-none absolute left-3 top-3 rounded-full bg-black/55 px-2.5 py-1 text-xs font-medium text-white">
        Before
      </span>
      <span className="pointer-events-none absolute right-3 top-3 rounded-full bg-black/55 px-2.5 py-1 text-xs font-medium text-white">
        After
      </span>
      <input
        type="range"
        min={0}
        max={100}
        step={1}
        value={position}
        onChange={(event) => setPosition(Number(event.target.value))}
        aria-label="Compare the original photo with the artwork"
        className="absolute inset-0 h-full w-full cursor-ew-resize opacity-0"
      />
    </div>
  );
}
