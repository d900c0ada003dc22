import type { SeriesIssue } from '@kaijiang/domain';
import { api } from '@/shared/api/api';
import { API_PREFIX } from '@/shared/api/base-query';
import { deviceCall } from './device-call';

export interface IssueArg {
  seriesId: number;
  issue: string;
}

export const issuePath = ({ seriesId, issue }: IssueArg) =>
  `${API_PREFIX.v2}/gallery/series/${seriesId}/issues/${encodeURIComponent(issue)}`;

/**
 * GET /gallery/series/:seriesId/issues/:issue: the pictures, the neighbours, the draw and the
 * likes; `liked` is this member's or device's, hence the device header.
 */
export const seriesIssueApi = api.injectEndpoints({
  endpoints: (build) => ({
    galleryIssue: build.query<SeriesIssue, IssueArg>({
      queryFn: (arg, queryApi) => deviceCall<SeriesIssue>({ url: issuePath(arg) }, queryApi),
    }),
  }),
});

export const { useGalleryIssueQuery } = seriesIssueApi;
