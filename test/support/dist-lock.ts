import { acquireLock } from "../../scripts/file-lock.ts";

/** Integration runs build into the shared dist/ and serve it: they take turns (see scripts/file-lock.ts). */
export const acquireDistLock = (): Promise<() => void> => acquireLock("dist");
