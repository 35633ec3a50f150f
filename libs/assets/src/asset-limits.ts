/** How much of the asset library a plan may use (docs/assets.md). */
export interface AssetLimits {
  maxAssets: number;
  maxTotalBytes: number;
  maxFileBytes: number;
}

const MB = 1024 * 1024;

export const ASSET_LIMITS: Record<'free' | 'pro' | 'business' | 'enterprise', AssetLimits> = {
  free: { maxAssets: 50, maxTotalBytes: 100 * MB, maxFileBytes: 10 * MB },
  pro: { maxAssets: 1_000, maxTotalBytes: 2_000 * MB, maxFileBytes: 25 * MB },
  business: { maxAssets: 10_000, maxTotalBytes: 20_000 * MB, maxFileBytes: 25 * MB },
  enterprise: { maxAssets: 100_000, maxTotalBytes: 200_000 * MB, maxFileBytes: 25 * MB },
};

/** The body limit of the upload route: the largest file any plan allows (the plan's own limit is checked after). */
export const MAX_UPLOAD_BYTES = Math.max(...Object.values(ASSET_LIMITS).map((l) => l.maxFileBytes));
