import "@uppy/core/css/style.min.css";
import "@uppy/dashboard/css/style.min.css";
import "@uppy/webcam/css/style.min.css";
import Uppy from "@uppy/core";
import Dashboard from "@uppy/dashboard";
import Webcam from "@uppy/webcam";
import XHRUpload from "@uppy/xhr-upload";
import { useEffect, useRef } from "react";
import { toast } from "@/client/components/ui/use-toast";
import { errorMessage } from "@/client/lib/api";
import { UPLOADER_SETTINGS } from "@/domain/photos";
import { finishUpload, getUploadUrl } from "../api";
import { uploadErrorMessage } from "../uploader-messages";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The photo uploader (Uppy): one image of at most 10 MB, from the device, by drag and drop, by
 * pasting, or from the camera. It asks the server for an upload URL, PUTs the file there (with
 * the spec's concurrency, retry delays and timeout), then has the server check it and calls
 * `onUploaded` with the photo's object path. Loaded only with the Upload Photo dialog.
 */
export default function PhotoUploader({ onUploaded }: { onUploaded: (objectPath: string) => void }) {
  const target = useRef<HTMLDivElement>(null);
  const uploaded = useRef(onUploaded);
  uploaded.current = onUploaded;

  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const uppy = new Uppy({
      autoProceed: true,
      restrictions: {
        maxNumberOfFiles: UPLOADER_SETTINGS.maxNumberOfFiles,
        maxFileSize: UPLOADER_SETTINGS.maxFileSize,
        allowedFileTypes: [...UPLOADER_SETTINGS.allowedFileTypes],
      },
    })
      .use(Webcam, { modes: ["picture"], mobileNativeCamera: true })
      .use(XHRUpload, {
        method: "PUT",
        formData: false,
        limit: UPLOADER_SETTINGS.limit,
        timeout: UPLOADER_SETTINGS.timeoutMs,
        // The URL is made for this file's size: the bucket (or this server) takes no other.
        endpoint: async (file) => {
          const data = Array.isArray(file) ? file[0]?.data : file.data;
          try {
            return (await getUploadUrl(data?.size ?? 0)).uploadURL;
          } catch (error) {
            toast({
              title: "Error",
              description: `Failed to get upload URL. Please try again. ${errorMessage(error)}`,
              variant: "destructive",
            });
            throw error;
          }
        },
        headers: (file) => ({ "content-type": file.type || "application/octet-stream" }),
        // Only a lost connection or a server fault is worth another try; a refusal stays a refusal.
        shouldRetry: (xhr) => xhr.status === 0 || xhr.status >= 500,
        onBeforeRequest: async (_xhr, retryCount) => {
          if (retryCount > 0) await wait(UPLOADER_SETTINGS.retryDelays[retryCount] ?? 5000);
        },
        // The server (or the bucket) answers a PUT with no body: the upload URL is the file's name.
        getResponseData: (xhr) => ({ url: xhr.responseURL }),
      })
      .use(Dashboard, {
        inline: true,
        target: element,
        plugins: ["Webcam"],
        width: "100%",
        height: 300,
        proudlyDisplayPoweredByUppy: false,
        note: "One image, up to 10 MB",
        theme: "light",
      });

    uppy.on("upload-success", async (file, response) => {
      try {
        const { objectPath } = await finishUpload(response.uploadURL ?? "");
        uploaded.current(objectPath);
      } catch (error) {
        toast({
          title: "Error",
          description: `Failed to process uploaded photo. Please try again. ${errorMessage(error)}`,
          variant: "destructive",
        });
        if (file) uppy.removeFile(file.id);
      }
    });
    uppy.on("upload-error", (_file, _error, response) => {
      const request = response as unknown as XMLHttpRequest | undefined;
      uppy.info(uploadErrorMessage(request?.status ?? 0, request?.responseText ?? ""), "error", 8000);
    });
    return () => uppy.destroy();
  }, []);

  return <div ref={target} data-photo-uploader="" />;
}
