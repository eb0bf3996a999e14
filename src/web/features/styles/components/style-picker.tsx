import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Check, Palette } from 'lucide-react';
import { Button } from '@/web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/web/components/ui/card';
import { Skeleton } from '@/web/components/ui/skeleton';
import { cn } from '@/web/lib/utils';
import { useStyles, type Style } from '../api/get-styles';

interface StylePickerProps {
  selectedId: string | null;
  onSelect: (style: Style) => void;
  /** The compact form shown while the artwork is being made. */
  compact?: boolean;
  onChange?: () => void;
  disabled?: boolean;
}

export function StylePicker({ selectedId, onSelect, compact = false, onChange, disabled = false }: StylePickerProps) {
  const { data: styles = [], isPending } = useStyles();
  const selected = styles.find((style) => style.id === selectedId);
  const group = useRef<HTMLDivElement>(null);

  // The first style is chosen for the visitor when none is.
  useEffect(() => {
    const first = styles[0];
    if (!selectedId && first) onSelect(first);
  }, [selectedId, styles, onSelect]);

  // A radio group: one Tab stop on the chosen style; the arrow keys, Home and End choose another.
  const focusIndex = Math.max(
    0,
    styles.findIndex((style) => style.id === selectedId),
  );
  const moveSelection = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = targetIndex(event.key, focusIndex, styles.length);
    const style = target === null ? undefined : styles[target];
    if (target === null || !style || disabled) return;
    event.preventDefault();
    onSelect(style);
    group.current?.querySelectorAll<HTMLButtonElement>('[role="radio"]')[target]?.focus();
  };

  if (compact && selected) {
    return (
      <Card data-testid="style-picker-compact">
        <CardContent className="flex items-center gap-4 p-4">
          <StylePreview style={selected} className="size-16 shrink-0 rounded-lg" />
          <div className="min-w-0 flex-1">
            <p className="text-xs font-medium uppercase tracking-wider text-muted-foreground">Selected Style</p>
            <p className="break-words font-semibold">{selected.name}</p>
            <p className="text-sm text-muted-foreground">Creating your artwork...</p>
          </div>
          <Button variant="outline" size="sm" onClick={onChange} disabled={disabled}>
            Change
          </Button>
        </CardContent>
      </Card>
    );
  }

  return (
    <Card data-testid="style-picker">
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2 text-lg">
          <Palette className="size-5 text-accent" aria-hidden />
          Choose a Style
        </CardTitle>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} className="aspect-square rounded-xl" />
            ))}
          </div>
        ) : styles.length === 0 ? (
          <p className="py-8 text-center text-muted-foreground">No styles available</p>
        ) : (
          <div
            ref={group}
            role="radiogroup"
            aria-label="Art styles"
            onKeyDown={moveSelection}
            className="grid grid-cols-2 gap-3 sm:grid-cols-3"
          >
            {styles.map((style, index) => {
              const active = style.id === selectedId;
              return (
                <button
                  key={style.id}
                  type="button"
                  role="radio"
                  aria-checked={active}
                  tabIndex={index === focusIndex ? 0 : -1}
                  disabled={disabled}
                  onClick={() => onSelect(style)}
                  data-testid="style-card"
                  className={cn(
                    'group relative overflow-hidden rounded-xl border-2 bg-card text-left transition focus-visible:outline-2 disabled:opacity-60',
                    active ? 'border-accent shadow-md' : 'border-transparent hover:border-border',
                  )}
                >
                  <StylePreview style={style} className="aspect-square w-full transition group-hover:scale-[1.02]" />
                  {/* Dark under the whole line, so white reads at 4.5:1 on a pale preview too. */}
                  <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 via-black/60 to-transparent px-3 pb-2 pt-6 text-sm font-semibold text-white">
                    {style.name}
                  </span>
                  {active && (
                    <span className="absolute right-2 top-2 grid size-6 place-items-center rounded-full bg-accent text-accent-foreground">
                      <Check className="size-4" aria-hidden />
                    </span>
                  )}
                </button>
              );
            })}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function StylePreview({ style, className }: { style: Style; className?: string }) {
  if (!style.preview_image_path) {
    return (
      <div className={cn('grid place-items-center bg-gradient-to-br from-secondary to-muted', className)}>
        <Palette className="size-8 text-muted-foreground" aria-hidden />
      </div>
    );
  }
  return <img src={style.preview_image_path} alt="" loading="lazy" className={cn('object-cover', className)} />;
}

/** Where a key moves the choice in a radio group of `count`, wrapping at both ends; null for other keys. */
function targetIndex(key: string, from: number, count: number): number | null {
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  if (key === 'ArrowRight' || key === 'ArrowDown') return (from + 1) % count;
  if (key === 'ArrowLeft' || key === 'ArrowUp') return (from - 1 + count) % count;
  return null;
}
