/** Error banners at the top of the admin page, one per message present. */
export function ErrorBanners({ messages }: { messages: (string | null)[] }) {
  return messages
    .filter((message): message is string => Boolean(message))
    .map((message) => (
      <div key={message} className="banner banner--error" role="alert">
        {message}
      </div>
    ));
}
