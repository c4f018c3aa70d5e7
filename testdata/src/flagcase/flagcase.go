// Package flagcase uses a library described only by the analyzer flags.
package flagcase

import "flagcase/thirdparty"

// Run takes the lease and writes.
func Run(c *thirdparty.Client) error {
	tok, err := c.Lease("job")
	if err != nil {
		return err
	}
	c.Write("k", "v") // want `call to \(\*thirdparty\.Client\)\.Write writes under a lease without a fencing token`
	if err := c.WriteFenced("k", "v", tok); err != nil { // ok: guarded by the -guarded flag
		return err
	}
	return nil
}

// Refresh rewrites a cache entry from the source of truth under the lease;
// the -idempotent flag names it, so its write is not reported.
func Refresh(c *thirdparty.Client) error {
	if _, err := c.Lease("cache"); err != nil {
		return err
	}
	return c.Write("cache", "v") // ok: Refresh is named by the -idempotent flag
}

// Rebuild is Refresh's twin without the flag.
func Rebuild(c *thirdparty.Client) error {
	if _, err := c.Lease("cache"); err != nil {
		return err
	}
	return c.Write("cache", "v") // want `call to \(\*thirdparty\.Client\)\.Write writes under a lease without a fencing token`
}
