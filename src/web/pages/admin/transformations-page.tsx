/** /admin/transformations (admin §2 Transformations): the feed, the Data Backfill tab, and a customer's erasure. */
import { CustomerErasure } from '@/web/features/admin-transformations/components/customer-erasure';
import { DataBackfill } from '@/web/features/admin-transformations/components/data-backfill';
import { TransformationsFeed } from '@/web/features/admin-transformations/components/transformations-feed';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/web/components/ui/tabs';

export function TransformationsPage() {
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-semibold">Transformations</h1>
        <p className="mt-1 text-muted-foreground">
          Every artwork visitors made: review them, curate Home, and repair the records.
        </p>
      </div>
      <Tabs defaultValue="feed">
        <TabsList>
          <TabsTrigger value="feed">Transformations Feed</TabsTrigger>
          <TabsTrigger value="backfill">Data Backfill</TabsTrigger>
          <TabsTrigger value="customers">Customer Data</TabsTrigger>
        </TabsList>
        <TabsContent value="feed">
          <TransformationsFeed />
        </TabsContent>
        <TabsContent value="backfill">
          <DataBackfill />
        </TabsContent>
        <TabsContent value="customers">
          <CustomerErasure />
        </TabsContent>
      </Tabs>
    </div>
  );
}
