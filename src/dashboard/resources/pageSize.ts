import type { ResourceDefinition } from '../../generated/resources/types.ts';
import { LIST_PAGE_SIZE } from '../../shared/constants.ts';

/** A list's page size: the contract's (x-resource `paging.pageSize`), else the dashboard's default. */
export const pageSizeOf = (definition: ResourceDefinition): number => definition.paging.pageSize ?? LIST_PAGE_SIZE;

/**
 * A list paged by the server always asks for its page size: the operation's limit caps it and its
 * pager offers no other, so a perPage in a link or the store is not a choice the user made. A list
 * whose operation answers every row pages it here, in any page size.
 */
export const pagedByServer = (definition: ResourceDefinition): boolean => definition.paging.style !== 'none';
