/** The back-office kit: import from '#client/admin/kit' (see README.md in this folder). */
export {
  adminApi,
  adminFetch,
  adminUpload,
  hasToken,
  isSessionEnd,
  itemData,
  listData,
  renewTokenIfDue,
  saveWithProgress,
} from './admin-api';
export type { AdminApiOptions, AdminUploadOptions } from './admin-api';
export { AdminForm, FormActions } from './admin-form';
export { Can, roleLabel, useCan } from './access';
export { ForbiddenMessage } from './forbidden-message';
export { mayOpen, routeAccess } from './route-access';
export { ConfirmDialog } from './confirm-dialog';
export type { ConfirmDialogProps } from './confirm-dialog';
export { DeleteButton } from './delete-button';
export type { Column } from './list-table';
export {
  CheckboxField,
  DateField,
  DateTimeField,
  DescriptionField,
  FieldFrame,
  NumberField,
  PriceField,
  SelectField,
  TextareaField,
  TextField,
} from './form-fields';
export type { SelectOption } from './form-fields';
export type { FieldMessages } from '#shared/field-errors';
export { FilterSelect } from './filter-select';
export {
  assignBulkAction,
  assigneeFilterOptions,
  assigneeParam,
  assigneeSelectOptions,
} from './assignee-choices';
export { AssigneeSelect } from './assignee-select';
export { useAssignableUsers } from './use-assignable-users';
export { imageFileProblem } from './image-file-problem';
export { ImageInput, UploadProgress, useObjectUrl } from './image-input';
export { PagedListScreen } from './paged-list-screen';
export type { PagedListScreenProps } from './paged-list-screen';
export { usePagedList } from './use-paged-list';
export type { PagedList, PagedListOptions, PagedLoader, PageRequest } from './use-paged-list';
export { useUrlListQuery, pageParam } from './list-query';
export type { ListQuery, ListQueryCodec, ListQueryState } from './list-query';
export { searchRows } from './search-rows';
export { ListStates } from './list-states';
export { PageHeader } from './page-header';
export { RowActions, rowActionsColumn } from './row-actions';
export { RowLink } from './row-link';
export type { RowActionsProps } from './row-actions';
export { SearchBox } from './search-box';
export { currentSession, mergeUser, replaceToken, useSession } from './session';
export type { SessionState } from './session';
export type { SessionUser } from './session-storage';
export { Spinner } from './spinner';
export { Thumbnail, thumbnailColumn } from './thumbnail';
export { dismissToast, toast, Toaster, useToast } from './toast';
export type { ToastInput } from './toast';
export { UnsavedChangesPrompt } from './unsaved-changes';
export { useAdminForm } from './use-admin-form';
export type { AdminForm as AdminFormState, FormValues } from './form-state';
export { useEntityForm } from './use-entity-form';
export type { EntityFormOptions, EntitySave } from './use-entity-form';
export { useAdminItem } from './use-admin-item';
export type { AdminItem } from './use-admin-item';
export { ItemLoadState } from './item-load-state';
export { failureText } from './use-save-outcome';
export type { SaveOutcomeOptions } from './use-save-outcome';
export { tokenOrToast, useDelete } from './use-delete';
export {
  deleteQuestion,
  toastMovedToTrash,
  trashBulkAction,
  TRASH_DAYS,
  TRASH_WARNING,
} from './trash-notice';
export { clearStoredSession, storedToken, storedUser } from './session-storage';
export { decodeTokenPayload, isTokenExpired, shouldRenewToken } from './token-payload';
export type { TokenPayload } from './token-payload';
export { useOpenItem } from './use-open-item';
export { useModalDialog } from './use-modal-dialog';
export { DetailDialog, DetailItem } from './detail-dialog';
export { RevisionHistory, RevisionList } from './revision-history';
export { useUrlSearch } from './use-url-search';
export { useLate } from './use-late';
export { CsvExportButton } from './csv-export-button';
export { BulkBar, bulkBarMessages } from './bulk-bar';
export { ClippedText } from './clipped-text';
export type { BulkAction, BulkBarProps, BulkOptions } from './bulk-bar';
export { nextSort, serverListCodec, serverListLoader, sortState } from './server-list';
export type { ServerListCodec, ServerListQuery } from './server-list';
export { useListSelection } from './use-list-selection';
export type { ListSelection } from './use-list-selection';
export { useServerListScreen } from './use-server-list-screen';
export type { ServerListScreen, ServerListScreenOptions } from './use-server-list-screen';
export { ListPagination } from './list-pagination';
export { pageRange } from './page-range';
export { internationalDigits, visitorMailto, visitorTel, visitorWhatsapp } from './submission-contact';
export {
  DownloadError,
  downloadMessages,
  fileNameFromDisposition,
  saveBlob,
  zipFromResponse,
} from './zip-download';
export { PublicationBadge, PublicationFields, publicationColumn } from './publication-fields';
export {
  appendPublication,
  NEW_PUBLICATION,
  PUBLICATION_FILTER_OPTIONS,
  publicationBadge,
  publicationOutcome,
  publicationToValues,
  publishAtInput,
} from './publication-values';
export type { PreviewKind, PublicationValues } from './publication-values';
