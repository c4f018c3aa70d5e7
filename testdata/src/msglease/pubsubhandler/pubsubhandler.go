// Package pubsubhandler declares Pub/Sub message handlers that another
// package passes to Receive; their writes are reported at that call.
package pubsubhandler

import (
	"context"
	"database/sql"
)

import "cloud.google.com/go/pubsub/v2"

// Sync overwrites a profile, then acknowledges.
type Sync struct{ DB *sql.DB }

// Handle is the handler.
func (s *Sync) Handle(ctx context.Context, m *pubsub.Message) {
	if _, err := s.DB.ExecContext(ctx, `UPDATE profiles SET data = $1 WHERE id = $2`, m.Data, m.Attributes["id"]); err != nil {
		m.Nack()
		return
	}
	m.Ack()
}

// Late acknowledges first: its write is made after the lease ended.
func (s *Sync) Late(ctx context.Context, m *pubsub.Message) {
	m.Ack()
	s.DB.ExecContext(ctx, `UPDATE profiles SET seen = true WHERE id = $1`, m.Attributes["id"])
}
