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
  fetchesUrls: boolean;
  /** The JetStream consumer KEDA scales it on (renderers). */
  queue?: { stream: string; consumer: string };
  env?: Record<string, string>;
  /** The dashboard's nginx image instead of the Pressroom image. */
  dashboard?: boolean;
}

const OPS_PORT = 9464;
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
    terminationGracePeriodSeconds: graceSeconds('video'),
    shmMi: 512,
    fetchesUrls: true,
    queue: queueOf(CATALOG.renderVideo),
    env: { PORT: String(OPS_PORT) },
  },
  {
    name: 'dispatcher',
    args: ['services/dispatcher/dist/main.js'],
    replicas: 2,
    opsPort: OPS_PORT,
    resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { memory: '256Mi' } },
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
  /** Where NATS and PostgreSQL run (documented installs: docs/operations.md), for the network policy. */
  nats: { namespace: 'nats', port: 4222, monitoringEndpoint: 'nats.nats.svc:8222', account: '$G' },
  postgres: { namespace: 'database', port: 5432 },
  monitoringNamespace: 'monitoring',
  /** terminationGracePeriodSeconds minus this is each pod's drain grace (PRESSROOM_SHUTDOWN_GRACE_MS). */
  shutdownMarginSeconds: SHUTDOWN_MARGIN_SECONDS,
  /** Per-renderer KEDA bounds; lagThreshold is the consumer lag (KEDA's nats-jetstream reading) per replica. */
  autoscaling: { minReplicas: 1, maxReplicas: 10, lagThreshold: 8, gatewayCpuPercent: 70 },
};

/** Addresses a URL-fetching pod must never reach (the SSRF guard's ranges, enforced again by the network). */
export const PRIVATE_CIDRS = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', '169.254.0.0/16', '127.0.0.0/8'];
export const PRIVATE_CIDRS_V6 = ['fc00::/7', 'fe80::/10', '::1/128'];

const labels = (w: Workload) => ({ 'app.kubernetes.io/name': 'pressroom', 'app.kubernetes.io/component': w.name });
const meta = (name: string, w?: Workload) => ({
  name,
  namespace: DEFAULTS.namespace,
  labels: w ? labels(w) : { 'app.kubernetes.io/name': 'pressroom' },
});

function container(w: Workload): Doc {
  const ports = [
    ...(w.httpPort ? [{ name: 'http', containerPort: w.httpPort }] : []),
    ...(w.opsPort ? [{ name: 'ops', containerPort: w.opsPort }] : []),
  ];
  const probePort = w.opsPort ? 'ops' : 'http';
  const probe = (path: string) => ({ httpGet: { path, port: probePort } });
  return {
    name: w.name,
    image: w.dashboard
      ? `${DEFAULTS.dashboardImage.repository}:${DEFAULTS.dashboardImage.tag}`
      : `${DEFAULTS.image.repository}:${DEFAULTS.image.tag}`,
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
    securityContext: {
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      runAsNonRoot: true,
      capabilities: { drop: ['ALL'] },
    },
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
      replicas: w.replicas,
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
          securityContext: {
            runAsNonRoot: true,
            runAsUser: user,
            runAsGroup: user,
            fsGroup: user,
            seccompProfile: { type: 'RuntimeDefault' },
          },
          containers: [container(w)],
          volumes: [
            // Chromium's profile, the data dir and HOME live under /tmp (the root filesystem is read-only).
            { name: 'tmp', emptyDir: { sizeLimit: '1Gi' } },
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

/** Ingress: nothing reaches a pod but the public ports from anywhere and the ops port from the monitoring namespace. */
function networkPolicies(): Doc[] {
  const monitoring = { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': DEFAULTS.monitoringNamespace } } };
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
    ...WORKLOADS.flatMap((w) => [
      deployment(w),
      service(w),
      disruptionBudget(w),
      ...(w.queue ? [scaledObject(w)] : []),
      ...(w.name === 'gateway' ? [gatewayAutoscaler(w)] : []),
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
