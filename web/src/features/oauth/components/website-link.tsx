/** An app's website: a link when it is a web address (the server accepts only those), its text otherwise. */
export function WebsiteLink({ href }: { href: string }) {
  const web = URL.canParse(href) && /^https?:$/.test(new URL(href).protocol);
  if (!web) return <span className="break-all">{href}</span>;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer nofollow"
      className="font-semibold break-all text-teal-700 hover:underline focus-ring dark:text-teal-400"
    >
      {href}
    </a>
  );
}
