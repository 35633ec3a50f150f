import { useQuery } from '@tanstack/react-query';
import { messageOf } from '../../api/problem';
import { starterKeys, starterThumbnail, type Starter } from '../../api/starters';

/** The starter as the renderer draws it (an uncharged preview render), fetched once per visit. */
export function StarterThumbnail({ starter }: { starter: Starter }) {
  const thumbnail = useQuery({
    queryKey: starterKeys.thumbnail(starter.key),
    queryFn: () => starterThumbnail(starter),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: 1,
  });
  // The object URL lives as long as the page's cache; revoked when the query is dropped (never, in practice).
  if (thumbnail.isPending) return <span className="text-xs text-slate-600">Rendering preview…</span>;
  if (thumbnail.isError) return <span className="p-2 text-xs text-red-700">{messageOf(thumbnail.error)}</span>;
  // Contained in the card's 16:9 box, which hides overflow: a tall story (1080×1920) cannot stretch its row.
  return <img src={thumbnail.data} alt={`Preview of ${starter.name}`} className="h-full w-full object-contain" />;
}
