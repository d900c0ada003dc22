import type { GalleryItem, GalleryPicture } from '@kaijiang/domain';
import { consoleApi } from '../../shared/api';

const ADMIN = '/app-api/admin';
export const GALLERY_PAGE = 24;
export type AdminGallery = GalleryItem & { active: boolean };
/** The most pictures an issue may have (the server's limit). */
export const GALLERY_SET_MAX = 30;

const galleryApi = consoleApi.injectEndpoints({
  endpoints: (build) => ({
    galleryPage: build.query<
      { items: AdminGallery[]; total: number },
      { gameId: number; page: number }
    >({
      query: ({ gameId, page }) =>
        `${ADMIN}/galleries?gameId=${gameId}&page=${page}&pageSize=${GALLERY_PAGE}`,
      providesTags: ['News'],
    }),
    gallery: build.query<AdminGallery & { pictures: GalleryPicture[] }, number>({
      query: (id) => `${ADMIN}/galleries/${id}`,
      providesTags: ['News'],
    }),
    addGallery: build.mutation<
      AdminGallery,
      { gameId: number; issue: string; title: string; pictures: GalleryPicture[] }
    >({
      query: (body) => ({ url: `${ADMIN}/galleries`, method: 'POST', body }),
      invalidatesTags: ['News', 'Audit'],
    }),
    setGalleryShown: build.mutation<AdminGallery, { id: number; active: boolean }>({
      query: ({ id, active }) => ({
        url: `${ADMIN}/galleries/${id}`,
        method: 'PUT',
        body: { active },
      }),
      invalidatesTags: ['News', 'Audit'],
    }),
    saveGallerySet: build.mutation<AdminGallery, { id: number; pictures: GalleryPicture[] }>({
      query: ({ id, pictures }) => ({
        url: `${ADMIN}/galleries/${id}`,
        method: 'PUT',
        body: { pictures },
      }),
      invalidatesTags: ['News', 'Audit'],
    }),
    deleteGallery: build.mutation<unknown, number>({
      query: (id) => ({ url: `${ADMIN}/galleries/${id}`, method: 'DELETE' }),
      invalidatesTags: ['News', 'Audit'],
    }),
  }),
});

export const {
  useGalleryPageQuery,
  useGalleryQuery,
  useAddGalleryMutation,
  useSaveGallerySetMutation,
  useSetGalleryShownMutation,
  useDeleteGalleryMutation,
} = galleryApi;
