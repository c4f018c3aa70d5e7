// Package pubsub synthesizes the part of cloud.google.com/go/internal/pubsub
// (the message type both Pub/Sub client versions alias) that fencecheck's
// tests need, with the real signatures.
package pubsub

import "time"

type AckHandler interface {
	OnAck()
	OnNack()
}

type Message struct {
	ID              string
	Data            []byte
	Attributes      map[string]string
	PublishTime     time.Time
	DeliveryAttempt *int
	OrderingKey     string
	ackh            AckHandler
}

type AckResult struct{}

func (m *Message) Ack() {}

func (m *Message) Nack() {}

func (m *Message) AckWithResult() *AckResult { return nil }

func (m *Message) NackWithResult() *AckResult { return nil }
