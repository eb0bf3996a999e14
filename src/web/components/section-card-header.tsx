/** The head of a back-office card that stands as its own section: an icon, an h2 title and what it is for. */
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';

export function SectionCardHeader({
  icon: Icon,
  title,
  description,
}: {
  icon: LucideIcon;
  title: ReactNode;
  description: ReactNode;
}) {
  return (
    <CardHeader>
      <CardTitle as="h2" className="flex items-center gap-2">
        <Icon className="size-5" aria-hidden /> {title}
      </CardTitle>
      <CardDescription>{description}</CardDescription>
    </CardHeader>
  );
}
