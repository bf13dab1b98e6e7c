interface Props {
  messages: string[];
  /** Offered after a network failure: sends the same request again. */
  onRetry?: () => void;
  retryLabel?: string;
}

/** Errors that belong to no single field, announced at once; with a retry button when the network failed. */
export default function FailureAlert({ messages, onRetry, retryLabel }: Props) {
  if (messages.length === 0) return null;
  return (
    <div role="alert" className="alert alert-error alert-soft flex flex-wrap items-center">
      <ul className="flex-1">
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
      {onRetry && retryLabel && (
        <button type="button" className="btn btn-sm min-h-10" onClick={onRetry}>
          {retryLabel}
        </button>
      )}
    </div>
  );
}
