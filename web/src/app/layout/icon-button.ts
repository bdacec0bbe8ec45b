export const iconButton =
  'inline-flex size-10 items-center justify-center rounded-full text-zinc-700 transition-colors hover:bg-zinc-100 focus-ring dark:text-zinc-300 dark:hover:bg-zinc-800';
