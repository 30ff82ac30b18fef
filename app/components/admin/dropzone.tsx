import { useId } from "react";
import { useDropzone } from "react-dropzone";

/** System files a dropped folder drags along; never photos. */
const IGNORED_FILES = new Set([".DS_Store", "Thumbs.db"]);

/**
 * The "Upload Images" zone: any type, any count, any size (the server
 * decides what it stores). A focusable button: Enter or Space opens the file
 * dialog.
 */
export function UploadDropzone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const hintId = useId();
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    multiple: true,
    onDrop: (accepted) => {
      const files = accepted.filter((file) => !IGNORED_FILES.has(file.name));
      if (files.length > 0) onFiles(files);
    },
  });
  return (
    <div className="dropzone-wrap">
      <div
        {...getRootProps({
          role: "button",
          "aria-describedby": hintId,
          className: `dropzone${isDragActive ? " dropzone--active" : ""}`,
        })}
      >
        <svg className="dropzone__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M12 16V4m0 0-4 4m4-4 4 4M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2" />
        </svg>
        <p>Drag &apos;n&apos; drop some files here, or click to select files</p>
      </div>
      <p id={hintId} className="dropzone__hint">
        Each file gets its own form below, to name and describe it before uploading.
      </p>
      {/* Outside the button: a file input inside it would nest one control in another. */}
      <input {...getInputProps({ "aria-label": "Choose files to upload" })} />
    </div>
  );
}
