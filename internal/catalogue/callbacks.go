package catalogue

// Libraries whose functions call a function argument before they return.
const (
	retrygo   = "github.com/avast/retry-go"
	retrygoV4 = "github.com/avast/retry-go/v4"
	backoffV4 = "github.com/cenkalti/backoff/v4"
	backoffV5 = "github.com/cenkalti/backoff/v5"
)

// callbackEntries lists the retry helpers that run their operation
// argument synchronously: a lease the operation returns holding is taken
// by the call, and a write it makes is the caller's.
func callbackEntries() []Entry {
	return []Entry{
		entry(retrygo, retrygo+".Do", SyncCall).withArg(0),
		entry(retrygoV4, retrygoV4+".Do", SyncCall).withArg(0),
		entry(retrygoV4, retrygoV4+".DoWithData", SyncCall).withArg(0),
		entry(backoffV4, backoffV4+".Retry", SyncCall).withArg(0),
		entry(backoffV4, backoffV4+".RetryNotify", SyncCall).withArg(0),
		entry(backoffV4, backoffV4+".RetryNotifyWithTimer", SyncCall).withArg(0),
		entry(backoffV4, backoffV4+".RetryWithData", SyncCall).withArg(0),
		entry(backoffV4, backoffV4+".RetryNotifyWithData", SyncCall).withArg(0),
		entry(backoffV4, backoffV4+".RetryNotifyWithTimerAndData", SyncCall).withArg(0),
		entry(backoffV5, backoffV5+".Retry", SyncCall).withArg(1),
	}
}
