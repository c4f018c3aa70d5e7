// Package ledger appends entries to the billing ledger, a service reached
// over a wire protocol of its own. Nothing in Append says it writes, so
// the module's .fencecheck.yaml declares it a sink.
package ledger

import (
	"context"
	"fmt"
	"io"
)

// Client sends ledger entries.
type Client struct{ Conn io.Writer }

// Append records an entry for a job; the ledger applies every entry it
// receives, whoever sends it.
func (c *Client) Append(ctx context.Context, jobID int64, entry string) error {
	_, err := fmt.Fprintf(c.Conn, "APPEND %d %q\n", jobID, entry)
	return err
}
