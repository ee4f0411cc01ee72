import { ImageOff } from "lucide-react";
import { useState } from "react";
import { cn } from "@/client/lib/utils";

/** A stored photo, or the spec's 'Image Not Found' placeholder when it fails to load. */
export function PhotoImage({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <div
        role="img"
        aria-label={`${alt}: Image Not Found`}
        className={cn(
          "flex flex-col items-center justify-center gap-2 bg-muted text-muted-foreground",
          className,
        )}
      >
        <ImageOff aria-hidden="true" className="size-8" />
        <span className="font-medium text-sm">Image Not Found</span>
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      loading="lazy"
      onError={() => setFailed(true)}
      className={cn("object-cover", className)}
    />
  );
}
