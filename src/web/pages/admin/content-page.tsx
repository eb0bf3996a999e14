/** /admin/content (admin §2 Content Management): the hero tab, the examples tab, and View Website. */
import { ExternalLink, Images, LayoutTemplate } from 'lucide-react';
import { ExampleList } from '@/web/features/site-content/components/example-list';
import { ExampleUploadForm } from '@/web/features/site-content/components/example-upload-form';
import { HeroForm } from '@/web/features/site-content/components/hero-form';
import { Button } from '@/web/components/ui/button';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';

export function ContentPage() {
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold">Content Management</h1>
          <p className="mt-1 text-muted-foreground">What visitors see on the home page.</p>
        </div>
        <Button asChild variant="outline">
          <a href="/" target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden /> View Website
          </a>
        </Button>
      </div>
      <Tabs defaultValue="hero">
        <TabsList>
          <TabsTrigger value="hero">
            <LayoutTemplate aria-hidden /> Hero Section
          </TabsTrigger>
          <TabsTrigger value="examples">
            <Images aria-hidden /> Example Transformations
          </TabsTrigger>
        </TabsList>
        <TabsContent value="hero">
          <HeroForm />
        </TabsContent>
        <TabsContent value="examples" className="flex flex-col gap-6">
          <ExampleUploadForm />
          <ExampleList />
        </TabsContent>
      </Tabs>
    </div>
  );
}
