import type { ReactNode } from 'react';

/** A page's frame: its title and an optional lead line above the content. */
export function PageShell({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-semibold md:text-4xl">{title}</h1>
      {lead && <p className="mt-2 text-muted-foreground">{lead}</p>}
      <div className="mt-8">{children}</div>
    </div>
  );
}
