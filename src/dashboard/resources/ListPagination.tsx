import { Pagination, useListContext } from 'react-admin';

/** react-admin's paging controls (page, rows per page), hidden while the list is in error (there is nothing to page through). */
export function ListPagination({ options }: { options: number[] }) {
  const { error } = useListContext();
  return error ? null : <Pagination rowsPerPageOptions={options} />;
}
