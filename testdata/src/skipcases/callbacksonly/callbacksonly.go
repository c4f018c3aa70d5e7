package callbacksonly // want `skipped`

import "skipcases/syncdep"

// Do retries f: the only fact it uses says where a callback runs.
func Do(f func() error) error { return syncdep.Retry(f) }
