import { ApiError } from '../../../api/problem';
import { BannerAlert } from '../../../kit/banner-alert';
import { formBanner } from '../../../kit/form-banner';

/**
 * The studio's top banner for a refused save or render. Refusals that stand beside a field now (`beside`) are not
 * repeated here: a refused save only says it was not saved and where to look; the rest are listed by the names of
 * their fields (`nameOf`), never as `projectJson.…` paths. Other failures (a conflict, the network) say what happened.
 */
export function StudioBanner({
  error,
  saving,
  beside,
  nameOf,
}: {
  error: unknown;
  /** The failure is the save's (else a render's, which says its own detail). */
  saving: boolean;
  beside: (field: string) => boolean;
  nameOf: (field: string) => string;
}) {
  const fieldErrors = error instanceof ApiError ? error.fieldErrors() : [];
  const banner = formBanner(error, {
    fields: fieldErrors.filter((e) => beside(e.field)).map((e) => e.field),
    labels: Object.fromEntries(fieldErrors.map((e) => [e.field, nameOf(e.field)])),
  });
  // A validation problem's detail (dropped by formBanner) was the only sentence saying nothing was saved.
  const lines = saving && error instanceof ApiError && error.isValidation ? ['The timeline was not saved.', ...banner.lines] : banner.lines;
  return <BannerAlert lines={lines} unshown={banner.unshown} />;
}
