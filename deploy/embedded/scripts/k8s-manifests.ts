/**
 * The one source of Pressroom's Kubernetes shape (docs/adr/0030): the plain manifests in
 * deploy/k8s/pressroom.yaml and the Helm chart's values (deploy/helm/pressroom/values.yaml)
 * are both written from here, and the chart's templates loop over those values, so the chart
 * and the manifests cannot drift apart. `make k8s` rewrites both; the test in
 * deploy/embedded/test/k8s-manifests.test.ts validates the output against the Kubernetes and
 * KEDA schemas and fails when the committed files are stale.
 */
import { writeFile } from 'node:fs/promises';
import { SHUTDOWN_GRACE_MS, SHUTDOWN_MARGIN_MS, type GracefulService } from '@pressroom/config';
import { CATALOG } from '@pressroom/contracts';
import { videoEnv } from '@pressroom/video-service';
import { stringify } from 'yaml';

type Doc = Record<string, unknown>;

/** Every Pressroom workload. `fetchesUrls`: it loads user URLs, so it gets internet egress (and nothing private). */
export interface Workload {
  name: string;
  /** Container args (the image's entrypoint is `tini -- node`). */
  args: string[];
  replicas: number;
  /** Ports: `http` is public (gateway, dashboard); `ops` carries /metrics, /livez, /readyz. */
  httpPort?: number;
  opsPort?: number;
  resources: { requests: { cpu: string; memory: string }; limits: { memory: string } };
  /**
   * Longer than the longest render (or held request) the process runs, so a rollout never cuts one: the
   * process's drain grace (SHUTDOWN_GRACE_MS, libs/config) plus SHUTDOWN_MARGIN_MS. The pod is given its
   * drain grace as PRESSROOM_SHUTDOWN_GRACE_MS = this minus the margin, so raising it here (or in the
   * chart's values) raises the drain with it.
   */
  terminationGracePeriodSeconds: number;
  /**
   * Pods that take Service traffic (gateway, dashboard) sleep this long in preStop before they get
   * SIGTERM: the endpoint removal takes a moment to reach kube-proxy and the ingress controller, which
   * would otherwise keep sending new connections to a process that no longer accepts them. Counted in
   * terminationGracePeriodSeconds (within the margin).
   */
  preStopSleepSeconds?: number;
  /** Chromium needs a large /dev/shm. */
  shmMi?: number;
  /**
   * The /tmp emptyDir (data dir, Chromium profile, HOME, per-render work dirs), in MiB: `baseMi` for what
   * the process writes while it runs, plus, with `cacheEnv`, the cache that setting (a byte size in `env`)
   * lets grow there. A pod whose emptyDir outgrows its sizeLimit is evicted, renders and all, so the limit
   * follows the setting (tmpMi below; the chart computes the same from its values).
   */
  tmp: { baseMi: number; cacheEnv?: string };
  fetchesUrls: boolean;
  /** The JetStream consumer KEDA scales it on (renderers). */
  queue?: { stream: string; consumer: string };
  env?: Record<string, string>;
  /** The dashboard's nginx image instead of the Pressroom image. */
  dashboard?: boolean;
}

const OPS_PORT = 9464;
const MiB = 1024 * 1024;
/** What a pod's /tmp held before any cache lived there: enough for the renders' own files. */
const TMP_BASE_MI = 1024;
/**
 * The video renderer's media cache default (services/video/src/config.ts), given to the pod explicitly so
 * that its /tmp sizeLimit and the cache it must hold come from the same value.
 */
const VIDEO_MEDIA_CACHE_BYTES = videoEnv.shape.PRESSROOM_VIDEO_MEDIA_CACHE_BYTES.parse(undefined);
const queueOf = (subject: { stream: string; durable: string }) => ({ stream: subject.stream, consumer: subject.durable });

/** The seconds between SIGTERM and SIGKILL the platform gives one service: its drain grace plus the margin. */
const graceSeconds = (service: GracefulService) => (SHUTDOWN_GRACE_MS[service] + SHUTDOWN_MARGIN_MS) / 1000;
/** Seconds of the margin: what terminationGracePeriodSeconds gives beyond the drain (the chart derives the drain from it). */
const SHUTDOWN_MARGIN_SECONDS = SHUTDOWN_MARGIN_MS / 1000;
/** Long enough for the endpoint removal to reach kube-proxy and the ingress; well within the margin. */
const PRE_STOP_SLEEP_SECONDS = 5;

/**
 * Grace periods: each service's drain grace (SHUTDOWN_GRACE_MS in libs/config: longer than its longest
 * render or held request at the default limits; docs/adr/0068) plus SHUTDOWN_MARGIN_MS.
 */
export const WORKLOADS: Workload[] = [
  {
    name: 'gateway',
    args: ['services/gateway/dist/main.js'],
    replicas: 2,
    httpPort: 8080,
    opsPort: OPS_PORT,
    resources: { requests: { cpu: '250m', memory: '256Mi' }, limits: { memory: '512Mi' } },
    tmp: { baseMi: TMP_BASE_MI },
    terminationGracePeriodSeconds: graceSeconds('gateway'),
    preStopSleepSeconds: PRE_STOP_SLEEP_SECONDS,
    fetchesUrls: true,
    env: { PORT: '8080', PRESSROOM_OPS_PORT: String(OPS_PORT) },
  },
  {
    name: 'image',
    args: ['services/image/dist/main.js'],
    replicas: 2,
    opsPort: OPS_PORT,
    resources: { requests: { cpu: '1', memory: '768Mi' }, limits: { memory: '1536Mi' } },
    tmp: { baseMi: TMP_BASE_MI },
    terminationGracePeriodSeconds: graceSeconds('image'),
    shmMi: 256,
    fetchesUrls: true,
    queue: queueOf(CATALOG.renderImage),
    env: { PORT: String(OPS_PORT), PRESSROOM_BROWSER_PAGES: '4' },
  },
  {
    name: 'gif',
    args: ['services/gif/dist/main.js'],
    replicas: 1,
    opsPort: OPS_PORT,
    resources: { requests: { cpu: '1', memory: '768Mi' }, limits: { memory: '1536Mi' } },
    tmp: { baseMi: TMP_BASE_MI },
    terminationGracePeriodSeconds: graceSeconds('gif'),
    shmMi: 256,
    fetchesUrls: true,
    queue: queueOf(CATALOG.renderGif),
    env: { PORT: String(OPS_PORT) },
  },
  {
    name: 'pdf',
    args: ['services/pdf/dist/main.js'],
    replicas: 1,
    opsPort: OPS_PORT,
    resources: { requests: { cpu: '1', memory: '768Mi' }, limits: { memory: '1536Mi' } },
    tmp: { baseMi: TMP_BASE_MI },
    terminationGracePeriodSeconds: graceSeconds('pdf'),
    shmMi: 256,
    fetchesUrls: true,
    queue: queueOf(CATALOG.renderPdf),
    env: { PORT: String(OPS_PORT) },
  },
  {
    name: 'video',
    args: ['services/video/dist/main.js'],
    replicas: 1,
    opsPort: OPS_PORT,
    resources: { requests: { cpu: '2', memory: '1536Mi' }, limits: { memory: '3Gi' } },
    // The media cache lives in the work directory under /tmp; the renders' own files (each job's TMPDIR:
    // Remotion's downloaded sources of up to PRESSROOM_VIDEO_MEDIA_MAX_BYTES each, frames, the output and
    // poster, Chromium's profile) and the render bundle come on top: the 1 GiB every pod has.
    tmp: { baseMi: TMP_BASE_MI, cacheEnv: 'PRESSROOM_VIDEO_MEDIA_CACHE_BYTES' },
    terminationGracePeriodSeconds: graceSeconds('video'),
    shmMi: 512,
    fetchesUrls: true,
    queue: queueOf(CATALOG.renderVideo),
    env: { PORT: String(OPS_PORT), PRESSROOM_VIDEO_MEDIA_CACHE_BYTES: String(VIDEO_MEDIA_CACHE_BYTES) },
  },
  {
    name: 'dispatcher',
    args: ['services/dispatcher/dist/main.js'],
    replicas: 2,
    opsPort: OPS_PORT,
    resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { memory: '256Mi' } },
    tmp: { baseMi: TMP_BASE_MI },
    terminationGracePeriodSeconds: graceSeconds('dispatcher'),
    fetchesUrls: true,
    env: { PORT: String(OPS_PORT) },
  },
  {
    name: 'scheduler',
    args: ['services/scheduler/dist/main.js'],
    replicas: 1,
    opsPort: OPS_PORT,
    resources: { requests: { cpu: '100m', memory: '192Mi' }, limits: { memory: '384Mi' } },
    tmp: { baseMi: TMP_BASE_MI },
    terminationGracePeriodSeconds: graceSeconds('scheduler'),
    fetchesUrls: true,
    env: { PORT: String(OPS_PORT) },
  },
  {
    name: 'dashboard',
    args: [],
    replicas: 2,
    httpPort: 8080,
    resources: { requests: { cpu: '20m', memory: '32Mi' }, limits: { memory: '64Mi' } },
    tmp: { baseMi: TMP_BASE_MI },
    // nginx stops gracefully on the image's SIGQUIT; its requests take milliseconds.
    terminationGracePeriodSeconds: 30,
    preStopSleepSeconds: PRE_STOP_SLEEP_SECONDS,
    fetchesUrls: false,
    dashboard: true,
  },
];

/** The settings an operator changes; the manifests use these defaults, the chart reads them from values.yaml. */
export const DEFAULTS = {
  namespace: 'pressroom',
  image: { repository: 'ghcr.io/pressroom/pressroom', tag: '0.1.0', pullPolicy: 'IfNotPresent' },
  dashboardImage: { repository: 'ghcr.io/pressroom/pressroom-dashboard', tag: '0.1.0' },
  /** Non-secret settings, as environment (storage: disk | nats, or the S3 settings when present). */
  config: {
    NATS_URL: 'nats://nats.nats.svc:4222',
    PRESSROOM_STORAGE: 'nats',
    PRESSROOM_STORAGE_BUCKET: 'pressroom-renders',
    PUBLIC_BASE_URL: 'https://pressroom.example.com',
    LOG_LEVEL: 'info',
    OTEL_EXPORTER_OTLP_ENDPOINT: '',
  },
  /** Secrets by reference: a Secret the operator created (keys DATABASE_URL, PRESSROOM_SECRET_KEY, and any S3 credentials). */
  existingSecret: 'pressroom',
  secretKeys: ['DATABASE_URL', 'PRESSROOM_SECRET_KEY'],
  ingress: { host: 'pressroom.example.com', className: 'nginx', tlsSecretName: 'pressroom-tls' },
  /**
   * Where NATS and PostgreSQL run (documented installs: the chart's README), for the network policy. `replicas`:
   * the servers of the NATS cluster that README installs; every process gets PRESSROOM_NATS_REPLICAS from it
   * (at most 5, the setting's bound) unless `streamReplicas` says otherwise (natsReplicas below).
   */
  nats: {
    namespace: 'nats',
    port: 4222,
    monitoringEndpoint: 'nats.nats.svc:8222',
    account: '$G',
    replicas: 3,
    streamReplicas: null as number | null,
  },
  postgres: { namespace: 'database', port: 5432 },
  monitoringNamespace: 'monitoring',
  /** terminationGracePeriodSeconds minus this is each pod's drain grace (PRESSROOM_SHUTDOWN_GRACE_MS). */
  shutdownMarginSeconds: SHUTDOWN_MARGIN_SECONDS,
  /**
   * Per-renderer KEDA bounds; lagThreshold is the consumer lag (KEDA's nats-jetstream reading) per replica.
   * While enabled the ScaledObjects and the gateway's HPA own those Deployments' replica counts, so the
   * Deployments leave `replicas` out (an apply would otherwise reset the count the autoscaler chose).
   */
  autoscaling: { enabled: true, minReplicas: 1, maxReplicas: 10, lagThreshold: 8, gatewayCpuPercent: 70 },
  /**
   * The schema migration as its own step (docs/adr/0066): a Job (the chart's pre-install/pre-upgrade hook) runs
   * the admin CLI's `migrate` as the image runs it, and every service starts with PRESSROOM_MIGRATE=off, so
   * replicas starting together never race a migration and only this Job needs DDL rights: `secretKey` names the
   * key of existingSecret holding its DATABASE_URL (a migrating user's, if the services' user has no DDL rights).
   * Disabled: no Job, and the services migrate at start (PRESSROOM_MIGRATE=auto).
   */
  migrate: {
    enabled: true,
    args: ['services/gateway/dist/admin-cli/main.js', 'migrate'],
    secretKey: 'DATABASE_URL',
    backoffLimit: 3,
    activeDeadlineSeconds: 600,
    // Kept an hour for its logs, then removed (a Job's pod template cannot be changed: the next release needs a new one).
    ttlSecondsAfterFinished: 3600,
    resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { memory: '256Mi' } },
  },
};

/** PRESSROOM_NATS_REPLICAS of every process: `nats.streamReplicas`, else the cluster's servers up to the setting's 5. */
export const natsReplicas = (nats: { replicas: number; streamReplicas: number | null }) =>
  nats.streamReplicas ?? Math.min(5, nats.replicas);

/** The /tmp emptyDir size of a workload in MiB: its base plus the cache its `cacheEnv` setting allows, rounded up. */
export const tmpMi = (w: Workload) => w.tmp.baseMi + (w.tmp.cacheEnv ? Math.ceil(Number(w.env?.[w.tmp.cacheEnv] ?? 0) / MiB) : 0);

/** Deployments whose replica count an autoscaler owns: the renderers (KEDA, on their queue) and the gateway (HPA). */
export const autoscaled = (w: Workload) => DEFAULTS.autoscaling.enabled && (w.queue !== undefined || w.name === 'gateway');

/** Addresses a URL-fetching pod must never reach (the SSRF guard's ranges, enforced again by the network). */
export const PRIVATE_CIDRS = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', '169.254.0.0/16', '127.0.0.0/8'];
export const PRIVATE_CIDRS_V6 = ['fc00::/7', 'fe80::/10', '::1/128'];

const labels = (w: Pick<Workload, 'name'>) => ({ 'app.kubernetes.io/name': 'pressroom', 'app.kubernetes.io/component': w.name });
const meta = (name: string, w?: Pick<Workload, 'name'>) => ({
  name,
  namespace: DEFAULTS.namespace,
  labels: w ? labels(w) : { 'app.kubernetes.io/name': 'pressroom' },
});

const podSecurityContext = (user: number) => ({
  runAsNonRoot: true,
  runAsUser: user,
  runAsGroup: user,
  fsGroup: user,
  seccompProfile: { type: 'RuntimeDefault' },
});
const containerSecurityContext = {
  allowPrivilegeEscalation: false,
  readOnlyRootFilesystem: true,
  runAsNonRoot: true,
  capabilities: { drop: ['ALL'] },
};
const image = `${DEFAULTS.image.repository}:${DEFAULTS.image.tag}`;

function container(w: Workload): Doc {
  const ports = [
    ...(w.httpPort ? [{ name: 'http', containerPort: w.httpPort }] : []),
    ...(w.opsPort ? [{ name: 'ops', containerPort: w.opsPort }] : []),
  ];
  const probePort = w.opsPort ? 'ops' : 'http';
  const probe = (path: string) => ({ httpGet: { path, port: probePort } });
  return {
    name: w.name,
    image: w.dashboard ? `${DEFAULTS.dashboardImage.repository}:${DEFAULTS.dashboardImage.tag}` : image,
    imagePullPolicy: DEFAULTS.image.pullPolicy,
    ...(w.args.length ? { args: w.args } : {}),
    ports,
    ...(w.dashboard
      ? {}
      : {
          env: [
            ...Object.entries(w.env ?? {}).map(([name, value]) => ({ name, value })),
            {
              name: 'PRESSROOM_SHUTDOWN_GRACE_MS',
              value: String((w.terminationGracePeriodSeconds - DEFAULTS.shutdownMarginSeconds) * 1000),
            },
            { name: 'OTEL_SERVICE_NAME', value: `pressroom-${w.name}` },
            { name: 'PRESSROOM_MIGRATE', value: DEFAULTS.migrate.enabled ? 'off' : 'auto' },
            { name: 'PRESSROOM_NATS_REPLICAS', value: String(natsReplicas(DEFAULTS.nats)) },
            ...DEFAULTS.secretKeys.map((key) => ({
              name: key,
              valueFrom: { secretKeyRef: { name: DEFAULTS.existingSecret, key } },
            })),
          ],
          envFrom: [{ configMapRef: { name: 'pressroom-config' } }],
        }),
    // Liveness is the process only (a database outage must not restart every pod); readiness is the dependencies.
    startupProbe: { ...probe(w.opsPort ? '/livez' : '/app/'), periodSeconds: 2, failureThreshold: 60 },
    livenessProbe: { ...probe(w.opsPort ? '/livez' : '/app/'), periodSeconds: 10, failureThreshold: 6 },
    readinessProbe: { ...probe(w.opsPort ? '/readyz' : '/app/'), periodSeconds: 5, failureThreshold: 2 },
    ...(w.preStopSleepSeconds ? { lifecycle: { preStop: { exec: { command: ['sleep', String(w.preStopSleepSeconds)] } } } } : {}),
    resources: w.resources,
    securityContext: containerSecurityContext,
    volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }, ...(w.shmMi ? [{ name: 'shm', mountPath: '/dev/shm' }] : [])],
  };
}

function deployment(w: Workload): Doc {
  const user = w.dashboard ? 101 : 10001;
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: meta(w.name, w),
    spec: {
      ...(autoscaled(w) ? {} : { replicas: w.replicas }),
      selector: { matchLabels: labels(w) },
      template: {
        metadata: {
          labels: labels(w),
          ...(w.opsPort
            ? { annotations: { 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(w.opsPort), 'prometheus.io/path': '/metrics' } }
            : {}),
        },
        spec: {
          automountServiceAccountToken: false,
          terminationGracePeriodSeconds: w.terminationGracePeriodSeconds,
          securityContext: podSecurityContext(user),
          containers: [container(w)],
          volumes: [
            // Chromium's profile, the data dir and HOME live under /tmp (the root filesystem is read-only).
            { name: 'tmp', emptyDir: { sizeLimit: `${tmpMi(w)}Mi` } },
            ...(w.shmMi ? [{ name: 'shm', emptyDir: { medium: 'Memory', sizeLimit: `${w.shmMi}Mi` } }] : []),
          ],
        },
      },
    },
  };
}

function service(w: Workload): Doc {
  const ports = [
    ...(w.httpPort ? [{ name: 'http', port: w.httpPort, targetPort: 'http' }] : []),
    ...(w.opsPort ? [{ name: 'ops', port: w.opsPort, targetPort: 'ops' }] : []),
  ];
  return { apiVersion: 'v1', kind: 'Service', metadata: meta(w.name, w), spec: { selector: labels(w), ports } };
}

function disruptionBudget(w: Workload): Doc {
  // maxUnavailable (not minAvailable): a single-replica workload can still be drained.
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: meta(w.name, w),
    spec: { maxUnavailable: 1, selector: { matchLabels: labels(w) } },
  };
}

function scaledObject(w: Workload): Doc {
  const a = DEFAULTS.autoscaling;
  return {
    apiVersion: 'keda.sh/v1alpha1',
    kind: 'ScaledObject',
    metadata: meta(w.name, w),
    spec: {
      scaleTargetRef: { name: w.name },
      minReplicaCount: a.minReplicas,
      maxReplicaCount: a.maxReplicas,
      // Scale-in waits longer than the longest render, so a replica is not removed mid-render.
      cooldownPeriod: Math.max(300, w.terminationGracePeriodSeconds),
      triggers: [
        {
          type: 'nats-jetstream',
          metadata: {
            natsServerMonitoringEndpoint: DEFAULTS.nats.monitoringEndpoint,
            account: DEFAULTS.nats.account,
            stream: w.queue!.stream,
            consumer: w.queue!.consumer,
            lagThreshold: String(a.lagThreshold),
          },
        },
      ],
    },
  };
}

function gatewayAutoscaler(w: Workload): Doc {
  const a = DEFAULTS.autoscaling;
  return {
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: meta(w.name, w),
    spec: {
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: w.name },
      minReplicas: w.replicas,
      maxReplicas: a.maxReplicas,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: a.gatewayCpuPercent } } }],
    },
  };
}

const dns = {
  to: [
    {
      namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'kube-system' } },
      podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } },
    },
  ],
  ports: [
    { protocol: 'UDP', port: 53 },
    { protocol: 'TCP', port: 53 },
  ],
};
const inNamespace = (ns: string, port: number) => ({
  to: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': ns } } }],
  ports: [{ protocol: 'TCP', port }],
});

/** Ingress: nothing reaches a pod but the public ports from anywhere and the ops port from the monitoring namespace. */
function networkPolicies(): Doc[] {
  const monitoring = { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': DEFAULTS.monitoringNamespace } } };
  // Sorted, as Helm ranges over the values' map keys: the chart renders the same list.
  const fetchers = WORKLOADS.filter((w) => w.fetchesUrls)
    .map((w) => w.name)
    .sort();
  return [
    {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: meta('pressroom-default-deny'),
      spec: { podSelector: {}, policyTypes: ['Ingress', 'Egress'] },
    },
    {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: meta('pressroom-ingress'),
      spec: {
        podSelector: { matchLabels: { 'app.kubernetes.io/name': 'pressroom' } },
        policyTypes: ['Ingress'],
        ingress: [{ ports: [{ protocol: 'TCP', port: 'http' }] }, { from: [monitoring], ports: [{ protocol: 'TCP', port: 'ops' }] }],
      },
    },
    {
      apiVersion: 'networking.k8s.io/v1',
      kind: 'NetworkPolicy',
      metadata: meta('pressroom-egress'),
      spec: {
        // The pods that fetch user URLs: the internet yes; private ranges, link-local (cloud metadata) and the
        // cluster's other services no; NATS and PostgreSQL by namespace (rules are OR'ed, so these still pass).
        podSelector: { matchExpressions: [{ key: 'app.kubernetes.io/component', operator: 'In', values: fetchers }] },
        policyTypes: ['Egress'],
        egress: [
          dns,
          inNamespace(DEFAULTS.nats.namespace, DEFAULTS.nats.port),
          inNamespace(DEFAULTS.postgres.namespace, DEFAULTS.postgres.port),
          { to: [{ ipBlock: { cidr: '0.0.0.0/0', except: PRIVATE_CIDRS } }, { ipBlock: { cidr: '::/0', except: PRIVATE_CIDRS_V6 } }] },
        ],
      },
    },
  ];
}

const MIGRATE = { name: 'migrate' };

/**
 * The one-shot schema migration (DEFAULTS.migrate): the image's entrypoint (`tini -- node`) with the admin CLI's
 * `migrate`, DATABASE_URL from the Secret and nothing else (in the chart it runs before the release's ConfigMap
 * exists). Locked down as the services' pods.
 */
function migrateJob(): Doc {
  const m = DEFAULTS.migrate;
  return {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: meta('pressroom-migrate', MIGRATE),
    spec: {
      backoffLimit: m.backoffLimit,
      activeDeadlineSeconds: m.activeDeadlineSeconds,
      ttlSecondsAfterFinished: m.ttlSecondsAfterFinished,
      template: {
        metadata: { labels: labels(MIGRATE) },
        spec: {
          restartPolicy: 'Never',
          automountServiceAccountToken: false,
          securityContext: podSecurityContext(10001),
          containers: [
            {
              name: 'migrate',
              image,
              imagePullPolicy: DEFAULTS.image.pullPolicy,
              args: m.args,
              env: [{ name: 'DATABASE_URL', valueFrom: { secretKeyRef: { name: DEFAULTS.existingSecret, key: m.secretKey } } }],
              resources: m.resources,
              securityContext: containerSecurityContext,
              volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }],
            },
          ],
          volumes: [{ name: 'tmp', emptyDir: { sizeLimit: '64Mi' } }],
        },
      },
    },
  };
}

/**
 * The migration pod reaches DNS and PostgreSQL, nothing else. Its own policy, so that in the chart it can be a hook
 * created before the Job: on an upgrade the default deny is already there and the release's other policies are not
 * yet changed.
 */
function migrateNetworkPolicy(): Doc {
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: meta('pressroom-migrate-egress', MIGRATE),
    spec: {
      podSelector: { matchLabels: labels(MIGRATE) },
      policyTypes: ['Egress'],
      egress: [dns, inNamespace(DEFAULTS.postgres.namespace, DEFAULTS.postgres.port)],
    },
  };
}

function ingress(): Doc {
  const backend = (name: string) => ({ service: { name, port: { name: 'http' } } });
  return {
    apiVersion: 'networking.k8s.io/v1',
    kind: 'Ingress',
    metadata: meta('pressroom'),
    spec: {
      ingressClassName: DEFAULTS.ingress.className,
      tls: [{ hosts: [DEFAULTS.ingress.host], secretName: DEFAULTS.ingress.tlsSecretName }],
      rules: [
        {
          host: DEFAULTS.ingress.host,
          http: {
            paths: [
              // The renderer's font files for the canvas editor come from the gateway (its image has them installed).
              { path: '/app/fonts/', pathType: 'Prefix', backend: backend('gateway') },
              { path: '/app/', pathType: 'Prefix', backend: backend('dashboard') },
              { path: '/', pathType: 'Prefix', backend: backend('gateway') },
            ],
          },
        },
      ],
    },
  };
}

/** Every manifest, in apply order. */
export function renderManifests(): Doc[] {
  return [
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: DEFAULTS.namespace, labels: { 'app.kubernetes.io/name': 'pressroom' } } },
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: meta('pressroom-config'), data: DEFAULTS.config },
    ...(DEFAULTS.migrate.enabled ? [migrateNetworkPolicy(), migrateJob()] : []),
    ...WORKLOADS.flatMap((w) => [
      deployment(w),
      service(w),
      disruptionBudget(w),
      ...(autoscaled(w) && w.queue ? [scaledObject(w)] : []),
      ...(autoscaled(w) && w.name === 'gateway' ? [gatewayAutoscaler(w)] : []),
    ]),
    ...networkPolicies(),
    ingress(),
  ];
}

/** The chart's values: the same defaults, and the workloads the templates loop over. */
export function renderHelmValues(): Doc {
  const { namespace: _namespace, ...settings } = DEFAULTS;
  return {
    ...settings,
    privateCidrs: PRIVATE_CIDRS,
    privateCidrsV6: PRIVATE_CIDRS_V6,
    workloads: Object.fromEntries(WORKLOADS.map(({ name, ...w }) => [name, w])),
  };
}

const HEADER = '# Generated by deploy/embedded/scripts/k8s-manifests.ts (make k8s); edit that file, not this one.\n';

export function manifestsYaml(): string {
  return (
    HEADER +
    renderManifests()
      .map((doc) => stringify(doc, { lineWidth: 0 }))
      .join('---\n')
  );
}

export function helmValuesYaml(): string {
  return HEADER + stringify(renderHelmValues(), { lineWidth: 0 });
}

if (process.argv[1]?.endsWith('k8s-manifests.ts')) {
  await writeFile('deploy/k8s/pressroom.yaml', manifestsYaml());
  await writeFile('deploy/helm/pressroom/values.yaml', helmValuesYaml());
  console.log('k8s: wrote deploy/k8s/pressroom.yaml and deploy/helm/pressroom/values.yaml');
}
