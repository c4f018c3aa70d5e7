// Package notify is a stub of a notification client of another module
// that fencecheck does not model: it imports nothing the catalogue knows
// and exports no facts.
package notify

import "context"

// Send notifies a recipient.
func Send(ctx context.Context, to, msg string) error { return nil }

// Sender sends notifications.
type Sender interface {
	Send(ctx context.Context, to, msg string) error
}

// Client is the notification client.
type Client struct{}

// Send notifies a recipient.
func (Client) Send(ctx context.Context, to, msg string) error { return nil }
