import { listenHost } from '../../sample-app/src/listen-host';

const nothing = () => false;

describe('sample app: the address it listens on', () => {
  it('listens on the loopback interface only outside a container', () => {
    expect(listenHost({}, nothing)).toBe('127.0.0.1');
  });

  it.each([
    ['Docker', {}, (path: string) => path === '/.dockerenv'],
    ['Podman', {}, (path: string) => path === '/run/.containerenv'],
    ['systemd-nspawn, Podman, LXC', { container: 'podman' }, nothing],
    ['Kubernetes', { KUBERNETES_SERVICE_HOST: '10.0.0.1' }, nothing],
  ])('listens on every interface in a container (%s)', (_, env, exists) => {
    expect(listenHost(env, exists)).toBe('0.0.0.0');
  });

  it('listens where HOST says, in a container or not', () => {
    expect(listenHost({ HOST: '0.0.0.0' }, nothing)).toBe('0.0.0.0');
    expect(listenHost({ HOST: ' ::1 ' }, () => true)).toBe('::1');
  });
});
