import { existsSync } from 'node:fs';

/** Files a container runtime leaves in the container's root: Docker's, then Podman's. */
const CONTAINER_MARKERS = ['/.dockerenv', '/run/.containerenv'];

/**
 * The address the app listens on: `HOST` when set; otherwise every interface inside a container (where the port is
 * published to the host) and only the loopback interface elsewhere, so that a laptop does not serve the demo to its
 * network. A container is recognised by Docker's or Podman's marker file, or by the `container` variable that
 * systemd-nspawn, Podman and LXC set, or by Kubernetes' `KUBERNETES_SERVICE_HOST`.
 */
export function listenHost(
  env: Readonly<Record<string, string | undefined>> = process.env,
  exists: (path: string) => boolean = existsSync,
): string {
  const host = env.HOST?.trim();
  if (host) return host;
  const inContainer =
    Boolean(env.container) || Boolean(env.KUBERNETES_SERVICE_HOST) || CONTAINER_MARKERS.some(exists);
  return inContainer ? '0.0.0.0' : '127.0.0.1';
}
