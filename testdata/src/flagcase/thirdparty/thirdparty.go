// Package thirdparty stands for a library fencecheck does not know.
package thirdparty

// Client talks to a service.
type Client struct{}

// Lease takes a lease.
func (c *Client) Lease(name string) (int64, error) { return 0, nil }

// Stillmine checks the lease.
func (c *Client) Stillmine() bool { return true }

// Write writes to the service.
func (c *Client) Write(key, value string) error { return nil }

// WriteFenced writes only with a token at least as new as the stored one.
func (c *Client) WriteFenced(key, value string, token int64) error { return nil }
