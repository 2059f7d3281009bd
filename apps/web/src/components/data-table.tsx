import {
  type ColumnDef,
  type RowData,
  flexRender,
  getCoreRowModel,
  useReactTable,
} from '@tanstack/react-table';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { cn } from '@/lib/utils';
import { countOf } from '@/lib/plural';

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the generics must match TanStack's declaration
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The column names its row (`<th scope="row">`): read out with every other cell. */
    isRowHeader?: boolean;
    /** Classes of the column's header and cells, e.g. 'text-right' for amounts. */
    className?: string;
  }
}

export interface DataTablePaging {
  /** 1-based page the server returned. */
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
}

export interface DataTableProps<T> {
  columns: ColumnDef<T, unknown>[];
  data: T[];
  /** Accessible name of the table. */
  label: string;
  getRowId?: (row: T) => string;
  /** Shown in a single row when there is nothing to list. */
  empty?: ReactNode;
  /** Server-side paging (the server counts and slices; the table only shows one page). */
  paging?: DataTablePaging;
  className?: string;
}

/**
 * The one table of the administrator lists (shadcn's data-table shape on TanStack Table): the
 * columns come from a columns file per list, paging and search happen on the server.
 */
export function DataTable<T>({
  columns,
  data,
  label,
  getRowId,
  empty = 'Nada para mostrar.',
  paging,
  className,
}: DataTableProps<T>) {
  const table = useReactTable({
    data,
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    ...(getRowId ? { getRowId: (row: T) => getRowId(row) } : {}),
  });
  const pages = paging ? Math.max(1, Math.ceil(paging.total / paging.pageSize)) : 1;
  return (
    <div className={cn('flex flex-col gap-3', className)}>
      <ScrollRegion label={label} className="rounded-lg border">
        <table aria-label={label} className="w-full caption-bottom text-sm">
          <thead className="bg-muted/50">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id} className="border-b">
                {group.headers.map((header) => (
                  <th
                    key={header.id}
                    scope="col"
                    className={cn(
                      'h-10 px-3 text-left align-middle font-medium whitespace-nowrap text-muted-foreground',
                      header.column.columnDef.meta?.className,
                    )}
                  >
                    {header.isPlaceholder
                      ? null
                      : flexRender(header.column.columnDef.header, header.getContext())}
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.length === 0 ? (
              <tr>
                <td
                  colSpan={columns.length}
                  className="h-20 px-3 text-center text-muted-foreground"
                >
                  {empty}
                </td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <tr
                  key={row.id}
                  className="border-b transition-colors last:border-0 hover:bg-muted/40"
                >
                  {row.getVisibleCells().map((cell) => {
                    const meta = cell.column.columnDef.meta;
                    const content = flexRender(cell.column.columnDef.cell, cell.getContext());
                    return meta?.isRowHeader ? (
                      <th
                        key={cell.id}
                        scope="row"
                        className={cn(
                          'px-3 py-2 text-left align-middle font-normal',
                          meta.className,
                        )}
                      >
                        {content}
                      </th>
                    ) : (
                      <td key={cell.id} className={cn('px-3 py-2 align-middle', meta?.className)}>
                        {content}
                      </td>
                    );
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </ScrollRegion>
      {paging && paging.total > paging.pageSize && (
        <nav aria-label="Paginação" className="flex items-center justify-between gap-2 text-sm">
          <span className="text-muted-foreground">
            Página {paging.page} de {pages} · {countOf(paging.total, 'registro', 'registros')}
          </span>
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={paging.page <= 1}
              onClick={() => paging.onPageChange(paging.page - 1)}
            >
              <ChevronLeft aria-hidden="true" />
              Anterior
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={paging.page >= pages}
              onClick={() => paging.onPageChange(paging.page + 1)}
            >
              Próxima
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </nav>
      )}
    </div>
  );
}
