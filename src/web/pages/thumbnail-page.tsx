export function ThumbnailPage() {
  return <div className="h-[630px] w-[1200px] bg-primary" />;
}
