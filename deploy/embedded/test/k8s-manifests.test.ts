import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse, parseAllDocuments, stringify } from 'yaml';
import * as core from 'kubernetes-models/v1';
import * as apps from 'kubernetes-models/apps/v1';
import * as autoscaling from 'kubernetes-models/autoscaling/v2';
import * as batch from 'kubernetes-models/batch/v1';
import * as networking from 'kubernetes-models/networking.k8s.io/v1';
import * as policy from 'kubernetes-models/policy/v1';
import * as keda from '@kubernetes-models/keda/keda.sh/v1alpha1';
import { commonEnv, SHUTDOWN_GRACE_MS, SHUTDOWN_MARGIN_MS, storageEnv } from '@pressroom/config';
import { CATALOG } from '@pressroom/contracts';
import { EMBEDDED_DEFAULTS as D } from '../src/config.js';
import { DEFAULTS, PRIVATE_CIDRS, WORKLOADS, helmValuesYaml, manifestsYaml, renderManifests } from '../scripts/k8s-manifests.js';

type Doc = { apiVersion: string; kind: string; metadata: { name: string }; spec?: any; [k: string]: unknown };
type ModelClass = new (data: Doc) => { validate(): void };

/** The schema models of every kind we emit (kubernetes-models for the core API, @kubernetes-models/keda for KEDA). */
const MODELS: Record<string, Record<string, unknown>> = {
  v1: core,
  'apps/v1': apps,
  'autoscaling/v2': autoscaling,
  'batch/v1': batch,
  'networking.k8s.io/v1': networking,
  'policy/v1': policy,
  'keda.sh/v1alpha1': keda,
};

function validate(doc: Doc): void {
  const model = MODELS[doc.apiVersion]?.[doc.kind] as ModelClass | undefined;
  if (!model) throw new Error(`no schema for ${doc.apiVersion} ${doc.kind}`);
  new model(doc).validate();
}

const docs = renderManifests() as Doc[];
const find = (kind: string, name: string) => docs.find((d) => d.kind === kind && d.metadata.name === name);
const seconds = (ms: number) => Math.ceil(ms / 1000);
const MiB = 1024 * 1024;
/** A Kubernetes quantity in bytes (the binary suffixes the manifests use). */
const bytes = (quantity: string) => {
  const [, n, unit] = /^(\d+)(Ki|Mi|Gi)?$/.exec(quantity)!;
  return Number(n) * { Ki: 1024, Mi: MiB, Gi: 1024 * MiB, '': 1 }[unit ?? '']!;
};
const envOf = (doc: Doc) => doc.spec.template.spec.containers[0].env as { name: string; value?: string; valueFrom?: any }[];
const envValue = (doc: Doc, name: string) => envOf(doc).find((e) => e.name === name)?.value;

/**
 * The chart rendered as Helm would (Go text/template + sprig, deploy/helm/render; no helm binary here), with
 * `values` merged over its values.yaml in a copy of the chart when given.
 */
async function renderChart(values?: (v: Record<string, any>) => void): Promise<Doc[]> {
  let dir = 'deploy/helm/pressroom';
  if (values) {
    dir = await mkdtemp(join(tmpdir(), 'pressroom-chart-'));
    await cp('deploy/helm/pressroom', dir, { recursive: true });
    const v = parse(await readFile(join(dir, 'values.yaml'), 'utf8')) as Record<string, any>;
    values(v);
    await writeFile(join(dir, 'values.yaml'), stringify(v));
  }
  try {
    // Go and sprig come from Debian (deploy/scripts/setup.sh --cluster): there is no helm package to install.
    const run = spawnSync('go', ['run', 'deploy/helm/render/main.go', dir], {
      encoding: 'utf8',
      env: { ...process.env, GO111MODULE: 'off', GOPATH: '/usr/share/gocode', GOCACHE: join(tmpdir(), 'pressroom-gocache') },
    });
    if (run.error) throw run.error;
    expect(run.stderr).toBe('');
    return parseAllDocuments(run.stdout)
      .map((d) => d.toJS() as Doc | null)
      .filter((d): d is Doc => d !== null);
  } finally {
    if (values) await rm(dir, { recursive: true, force: true });
  }
}
const findIn = (all: Doc[], kind: string, name: string) => all.find((d) => d.kind === kind && d.metadata.name === name);

describe('Kubernetes manifests (deploy/k8s, the Helm values)', () => {
  it('are the committed files (make k8s regenerates them)', async () => {
    expect(await readFile('deploy/k8s/pressroom.yaml', 'utf8')).toBe(manifestsYaml());
    expect(await readFile('deploy/helm/pressroom/values.yaml', 'utf8')).toBe(helmValuesYaml());
  });

  it('set only environment variables the code reads: each one is in docs/configuration.md (OTEL_SERVICE_NAME in operations.md)', async () => {
    const configuration = await readFile('docs/configuration.md', 'utf8');
    const documented = new Set([...configuration.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!));
    expect(await readFile('docs/operations.md', 'utf8')).toContain('`OTEL_SERVICE_NAME`');
    documented.add('OTEL_SERVICE_NAME');
    const set = new Set<string>();
    for (const doc of docs) {
      if (doc.kind === 'ConfigMap') for (const name of Object.keys(doc.data as object)) set.add(name);
      const pod = doc.spec?.template?.spec ?? doc.spec?.jobTemplate?.spec?.template?.spec;
      for (const c of pod?.containers ?? []) for (const e of (c.env ?? []) as { name: string }[]) set.add(e.name);
    }
    expect([...set]).toEqual(expect.arrayContaining(['DATABASE_URL', 'PRESSROOM_MIGRATE', 'PRESSROOM_SHUTDOWN_GRACE_MS', 'NATS_URL']));
    expect([...set].filter((name) => !documented.has(name))).toEqual([]);
  });

  it('validate against the Kubernetes and KEDA schemas', async () => {
    const parsed = parseAllDocuments(await readFile('deploy/k8s/pressroom.yaml', 'utf8')).map((d) => d.toJS() as Doc);
    expect(parsed.length).toBeGreaterThan(20);
    for (const doc of parsed) expect(() => validate(doc)).not.toThrow();
  });

  it('the validator is strict: a wrong type or a missing required field is refused', () => {
    const deployment = structuredClone(find('Deployment', 'gateway')!);
    deployment.spec.replicas = 'two';
    expect(() => validate(deployment)).toThrow();
    const scaled = structuredClone(find('ScaledObject', 'image')!);
    delete scaled.spec.scaleTargetRef;
    expect(() => validate(scaled)).toThrow();
  });

  it('lock every pod down: non-root, read-only root with emptyDir /tmp, no capabilities, RuntimeDefault seccomp', () => {
    for (const w of WORKLOADS) {
      const pod = find('Deployment', w.name)!.spec.template.spec;
      expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
      expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
      const [c] = pod.containers;
      expect(c.securityContext).toEqual({
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        runAsNonRoot: true,
        capabilities: { drop: ['ALL'] },
      });
      expect(c.volumeMounts).toContainEqual({ name: 'tmp', mountPath: '/tmp' });
      expect(pod.volumes).toContainEqual(expect.objectContaining({ name: 'tmp', emptyDir: expect.any(Object) }));
    }
  });

  it('give each workload a drain longer than the longest render it runs (config defaults), and the pod its drain plus the margin', () => {
    const longest: Record<string, number> = {
      gateway: seconds(D.PRESSROOM_VIDEO_WAIT_MS),
      image: seconds(D.PRESSROOM_RENDER_TIMEOUT_MS),
      pdf: seconds(D.PRESSROOM_RENDER_TIMEOUT_MS),
      gif: seconds(D.PRESSROOM_GIF_TIMEOUT_MS),
      video: seconds(D.PRESSROOM_VIDEO_TIMEOUT_MS),
      dispatcher: seconds(D.PRESSROOM_WEBHOOK_TIMEOUT_MS),
    };
    for (const [name, limit] of Object.entries(longest)) {
      // The process drains (finishes its renders and held requests) at least 10 s past its longest one: the storage write and ack.
      expect(seconds(SHUTDOWN_GRACE_MS[name as keyof typeof SHUTDOWN_GRACE_MS])).toBeGreaterThanOrEqual(limit + 10);
    }
    for (const w of WORKLOADS.filter((x) => !x.dashboard)) {
      const pod = find('Deployment', w.name)!.spec.template.spec;
      const drainMs = SHUTDOWN_GRACE_MS[w.name as keyof typeof SHUTDOWN_GRACE_MS];
      // Kubernetes waits the drain plus the margin (preStop, closing up) before SIGKILL; the pod is told its drain.
      expect(pod.terminationGracePeriodSeconds * 1000).toBe(drainMs + SHUTDOWN_MARGIN_MS);
      expect(pod.containers[0].env).toContainEqual({ name: 'PRESSROOM_SHUTDOWN_GRACE_MS', value: String(drainMs) });
      // Compose gives the same (compose-file.test.ts), and so does `make run-cluster`'s supervisor (the same table).
    }
  });

  it('pause the pods that take Service traffic in preStop, within the margin, so the endpoint is gone before SIGTERM', () => {
    for (const w of WORKLOADS) {
      const [c] = find('Deployment', w.name)!.spec.template.spec.containers;
      if (!w.httpPort) {
        expect(c.lifecycle).toBeUndefined();
        continue;
      }
      expect(c.lifecycle).toEqual({ preStop: { exec: { command: ['sleep', '5'] } } });
    }
    const gateway = find('Deployment', 'gateway')!.spec.template.spec;
    // The pause comes out of the pod's grace: pause + drain still leave time to close up.
    expect(5_000 + SHUTDOWN_GRACE_MS.gateway).toBeLessThan(gateway.terminationGracePeriodSeconds * 1000);
  });

  it('probe liveness on the process (/livez) and readiness on the dependencies (/readyz), with a startup probe', () => {
    for (const w of WORKLOADS.filter((x) => !x.dashboard)) {
      const [c] = find('Deployment', w.name)!.spec.template.spec.containers;
      expect(c.startupProbe.httpGet).toEqual({ path: '/livez', port: 'ops' });
      expect(c.livenessProbe.httpGet).toEqual({ path: '/livez', port: 'ops' });
      expect(c.readinessProbe.httpGet).toEqual({ path: '/readyz', port: 'ops' });
      // /metrics is scraped on the ops port, never the public one.
      expect(find('Deployment', w.name)!.spec.template.metadata.annotations['prometheus.io/port']).toBe('9464');
    }
  });

  it('scale renderers on their JetStream consumer lag (catalog names) and the gateway on CPU; every workload has a PDB', () => {
    for (const [name, subject] of [
      ['image', CATALOG.renderImage],
      ['gif', CATALOG.renderGif],
      ['pdf', CATALOG.renderPdf],
      ['video', CATALOG.renderVideo],
    ] as const) {
      const scaled = find('ScaledObject', name)!.spec;
      expect(scaled.scaleTargetRef).toMatchObject({ name });
      expect(scaled.triggers).toHaveLength(1);
      const [trigger] = scaled.triggers;
      // KEDA's nats-jetstream scaler reads the consumer's num_pending + num_ack_pending from the monitoring endpoint
      // (queued and in-flight renders), per replica against lagThreshold; a consumer name it cannot find reads as the
      // stream's last sequence (scale to max), so the names must be the catalog's durables exactly.
      expect(trigger).toEqual({
        type: 'nats-jetstream',
        metadata: {
          natsServerMonitoringEndpoint: expect.stringMatching(/^[\w.-]+:8222$/),
          account: '$G',
          stream: subject.stream,
          consumer: subject.durable,
          lagThreshold: expect.stringMatching(/^[1-9]\d*$/),
        },
      });
      // Scale-in waits out the longest render of the pod it would remove.
      expect(scaled.cooldownPeriod).toBeGreaterThanOrEqual(find('Deployment', name)!.spec.template.spec.terminationGracePeriodSeconds);
    }
    expect(find('HorizontalPodAutoscaler', 'gateway')!.spec.metrics[0].resource.name).toBe('cpu');
    for (const w of WORKLOADS) expect(find('PodDisruptionBudget', w.name)).toBeDefined();
  });

  it('let URL-fetching pods reach the internet but no private range, and the cluster only for DNS, NATS and PostgreSQL', () => {
    const egress = find('NetworkPolicy', 'pressroom-egress')!.spec;
    expect(egress.podSelector.matchExpressions[0].values.sort()).toEqual(
      ['dispatcher', 'gateway', 'gif', 'image', 'pdf', 'scheduler', 'video'].sort(),
    );
    const blocks = egress.egress.flatMap((rule: any) => (rule.to ?? []).filter((t: any) => t.ipBlock));
    expect(blocks[0].ipBlock).toEqual({ cidr: '0.0.0.0/0', except: PRIVATE_CIDRS });
    for (const cidr of ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', '100.64.0.0/10', '169.254.0.0/16']) {
      expect(PRIVATE_CIDRS).toContain(cidr);
    }
    const namespaces = egress.egress.flatMap((rule: any) =>
      (rule.to ?? []).map((t: any) => t.namespaceSelector?.matchLabels['kubernetes.io/metadata.name']).filter(Boolean),
    );
    expect(namespaces.sort()).toEqual(['database', 'kube-system', 'nats']);
    expect(find('NetworkPolicy', 'pressroom-default-deny')!.spec.policyTypes).toEqual(['Ingress', 'Egress']);
  });

  it('take secrets by reference only, and terminate TLS at the ingress for the API and the dashboard', async () => {
    for (const w of WORKLOADS.filter((x) => !x.dashboard)) {
      const [c] = find('Deployment', w.name)!.spec.template.spec.containers;
      expect(c.env.map((e: { name: string }) => e.name)).toEqual(expect.arrayContaining(['DATABASE_URL', 'PRESSROOM_SECRET_KEY']));
      for (const env of c.env as { name: string; value?: string; valueFrom?: unknown }[]) {
        // A secret's value is never in the manifests or the chart's values: only a secretKeyRef names it.
        if (/SECRET|PASSWORD|DATABASE_URL|ACCESS_KEY/.test(env.name)) {
          expect(env).toEqual({ name: env.name, valueFrom: { secretKeyRef: { name: expect.any(String), key: env.name } } });
        }
      }
    }
    // The README's S3 example: the access keys (storageEnv's names) come from the Secret through secretKeys, never from config.
    const readme = await readFile('deploy/helm/pressroom/README.md', 'utf8');
    for (const key of ['PRESSROOM_S3_ACCESS_KEY_ID', 'PRESSROOM_S3_SECRET_ACCESS_KEY']) {
      expect(Object.keys(storageEnv)).toContain(key);
      expect(readme).toContain(`--from-literal=${key}=`);
      expect(readme).not.toContain(`config.${key}`);
    }
    expect(readme).toContain(
      `--set 'secretKeys={${[...DEFAULTS.secretKeys, 'PRESSROOM_S3_ACCESS_KEY_ID', 'PRESSROOM_S3_SECRET_ACCESS_KEY'].join(',')}}'`,
    );
    const ingress = find('Ingress', 'pressroom')!.spec;
    expect(ingress.tls).toEqual([{ hosts: [ingress.rules[0].host], secretName: expect.any(String) }]);
    const backends = ingress.rules[0].http.paths.map((p: any) => [p.path, p.backend.service.name]);
    // The canvas editor's fonts (/app/fonts/<file>) are the renderer's installed files: the gateway serves them.
    expect(backends).toEqual([
      ['/app/fonts/', 'gateway'],
      ['/app/', 'dashboard'],
      ['/', 'gateway'],
    ]);
  });

  it('the Helm chart renders the same objects, valid too (Go text/template + sprig, as Helm; deploy/helm/render)', async () => {
    const chart = await renderChart();
    for (const doc of chart) expect(() => validate(doc)).not.toThrow();
    // The release's own label, the namespace (helm install -n) and the hook annotations (the migration, below)
    // are the chart's only additions.
    const comparable = (doc: Doc) =>
      JSON.parse(
        JSON.stringify(doc, (key, value: unknown) =>
          (key === 'namespace' && typeof value === 'string') ||
          key === 'app.kubernetes.io/instance' ||
          (key === 'annotations' && Object.keys(value as object).every((k) => k.startsWith('helm.sh/')))
            ? undefined
            : value,
        ),
      ) as Doc;
    const expected = docs.filter((d) => d.kind !== 'Namespace').map(comparable);
    const key = (d: Doc) => `${d.kind}/${d.metadata.name}`;
    expect(chart.map(comparable).sort((a, b) => key(a).localeCompare(key(b)))).toEqual(
      expected.sort((a, b) => key(a).localeCompare(key(b))),
    );
  });
  it("migrate once, before the services, with the image's admin CLI; every service starts with PRESSROOM_MIGRATE=off", async () => {
    const job = find('Job', 'pressroom-migrate')!;
    const pod = job.spec.template.spec;
    const [c] = pod.containers;
    // The image's entrypoint is `tini -- node` (dockerfile.test.ts): the args are the admin CLI as compiled there
    // (services/gateway/src → dist, deploy/scripts/build-services.mjs) and its `migrate` (docs/operations.md).
    expect(c.args).toEqual(['services/gateway/dist/admin-cli/main.js', 'migrate']);
    expect(existsSync('services/gateway/src/admin-cli/main.ts')).toBe(true);
    expect(c.image).toBe(find('Deployment', 'gateway')!.spec.template.spec.containers[0].image);
    // The database only, by reference; no ConfigMap (the chart's hook runs before the release's ConfigMap exists).
    expect(c.env).toEqual([{ name: 'DATABASE_URL', valueFrom: { secretKeyRef: { name: DEFAULTS.existingSecret, key: 'DATABASE_URL' } } }]);
    expect(c.envFrom).toBeUndefined();
    expect(pod.restartPolicy).toBe('Never');
    expect(c.securityContext).toMatchObject({ readOnlyRootFilesystem: true, runAsNonRoot: true, capabilities: { drop: ['ALL'] } });
    // Under the default deny its pod reaches DNS and PostgreSQL, nothing else.
    const policy = find('NetworkPolicy', 'pressroom-migrate-egress')!.spec;
    expect(policy.podSelector.matchLabels).toEqual(job.spec.template.metadata.labels);
    const namespaces = policy.egress.flatMap((rule: any) =>
      rule.to.map((t: any) => t.namespaceSelector.matchLabels['kubernetes.io/metadata.name']),
    );
    expect(namespaces.sort()).toEqual(['database', 'kube-system']);
    for (const w of WORKLOADS.filter((x) => !x.dashboard)) {
      expect(envValue(find('Deployment', w.name)!, 'PRESSROOM_MIGRATE')).toBe('off');
    }

    // In the chart: a pre-install/pre-upgrade hook, its network policy a hook created before it.
    const chart = await renderChart();
    const hooks = ['NetworkPolicy', 'Job'].map((kind) =>
      findIn(chart, kind, kind === 'Job' ? 'pressroom-migrate' : 'pressroom-migrate-egress')!,
    );
    for (const hook of hooks) {
      expect(hook.metadata).toMatchObject({
        annotations: { 'helm.sh/hook': 'pre-install,pre-upgrade', 'helm.sh/hook-delete-policy': 'before-hook-creation' },
      });
    }
    const weight = (doc: Doc) => Number((doc.metadata as any).annotations['helm.sh/hook-weight']);
    expect(weight(hooks[0]!)).toBeLessThan(weight(hooks[1]!));
    // migrate.enabled=false: no Job, and the services migrate at start again.
    const off = await renderChart((v) => (v.migrate.enabled = false));
    expect(off.filter((d) => d.metadata.name.startsWith('pressroom-migrate'))).toEqual([]);
    expect(envValue(findIn(off, 'Deployment', 'image')!, 'PRESSROOM_MIGRATE')).toBe('auto');
  });

  it('give every service PRESSROOM_NATS_REPLICAS from the NATS cluster the README installs (overridable)', async () => {
    const readme = await readFile('deploy/helm/pressroom/README.md', 'utf8');
    expect(readme).toContain('config.cluster.enabled=true');
    expect(readme).toContain(`config.cluster.replicas=${DEFAULTS.nats.replicas}`);
    for (const w of WORKLOADS.filter((x) => !x.dashboard)) {
      const value = envValue(find('Deployment', w.name)!, 'PRESSROOM_NATS_REPLICAS');
      expect(value).toBe(String(DEFAULTS.nats.replicas));
      // A value the services accept (1 to 5).
      expect(commonEnv.PRESSROOM_NATS_REPLICAS.parse(value)).toBe(DEFAULTS.nats.replicas);
    }
    // The chart follows its values: the cluster's size (capped at the setting's 5), or streamReplicas.
    const seven = await renderChart((v) => (v.nats.replicas = 7));
    expect(envValue(findIn(seven, 'Deployment', 'gateway')!, 'PRESSROOM_NATS_REPLICAS')).toBe('5');
    const one = await renderChart((v) => (v.nats.streamReplicas = 1));
    for (const name of ['gateway', 'video', 'scheduler']) {
      expect(envValue(findIn(one, 'Deployment', name)!, 'PRESSROOM_NATS_REPLICAS')).toBe('1');
    }
  });

  it('leave replicas out of the Deployments an autoscaler owns', async () => {
    const targets = docs
      .filter((d) => d.kind === 'ScaledObject' || d.kind === 'HorizontalPodAutoscaler')
      .map((d) => d.spec.scaleTargetRef.name as string);
    expect(targets.sort()).toEqual(['gateway', 'gif', 'image', 'pdf', 'video']);
    for (const w of WORKLOADS) {
      const spec = find('Deployment', w.name)!.spec;
      if (targets.includes(w.name)) expect(spec).not.toHaveProperty('replicas');
      else expect(spec.replicas).toBe(w.replicas);
    }
    // autoscaling.enabled=false: no autoscalers, and every Deployment has its count again.
    const fixed = await renderChart((v) => (v.autoscaling.enabled = false));
    expect(fixed.filter((d) => d.kind === 'ScaledObject' || d.kind === 'HorizontalPodAutoscaler')).toEqual([]);
    for (const w of WORKLOADS) expect(findIn(fixed, 'Deployment', w.name)!.spec.replicas).toBe(w.replicas);
  });

  it("size the video pod's /tmp for its media cache plus the renders' own files, following the cache setting", async () => {
    const video = find('Deployment', 'video')!;
    const sizeLimit = (doc: Doc) => bytes(doc.spec.template.spec.volumes.find((v: any) => v.name === 'tmp').emptyDir.sizeLimit);
    // The pod is given the cache size the service defaults to, so the limit and the cache come from one value.
    expect(envValue(video, 'PRESSROOM_VIDEO_MEDIA_CACHE_BYTES')).toBe(String(D.PRESSROOM_VIDEO_MEDIA_CACHE_BYTES));
    const headroom = 1024 * MiB; // the renders' own files: what every other pod's /tmp holds
    expect(sizeLimit(video)).toBeGreaterThanOrEqual(D.PRESSROOM_VIDEO_MEDIA_CACHE_BYTES + headroom);
    for (const w of WORKLOADS.filter((x) => x.name !== 'video'))
      expect(sizeLimit(find('Deployment', w.name)!)).toBeGreaterThanOrEqual(headroom);
    // The chart computes it from the env it gives the pod: a 3 GiB cache, 4 GiB; no cache, the headroom alone.
    const big = await renderChart((v) => (v.workloads.video.env.PRESSROOM_VIDEO_MEDIA_CACHE_BYTES = String(3 * 1024 * MiB)));
    expect(sizeLimit(findIn(big, 'Deployment', 'video')!)).toBe(4 * 1024 * MiB);
    const none = await renderChart((v) => (v.workloads.video.env.PRESSROOM_VIDEO_MEDIA_CACHE_BYTES = '0'));
    expect(sizeLimit(findIn(none, 'Deployment', 'video')!)).toBe(headroom);
  });
});
