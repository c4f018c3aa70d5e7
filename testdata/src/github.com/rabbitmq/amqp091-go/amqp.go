// Package amqp091 is a stub of github.com/rabbitmq/amqp091-go with the real
// signatures of the consumer API.
package amqp091

import (
	"context"
	"time"
)

// Table holds the arguments and headers of AMQP methods and messages.
type Table map[string]interface{}

// Connection is a connection to a broker.
type Connection struct{}

// Dial connects to a broker.
func Dial(url string) (*Connection, error) { return &Connection{}, nil }

// Channel opens a channel on the connection.
func (c *Connection) Channel() (*Channel, error) { return &Channel{}, nil }

// Close closes the connection.
func (c *Connection) Close() error { return nil }

// Channel is an AMQP channel.
type Channel struct{}

// Queue is the server state of a declared queue.
type Queue struct {
	Name      string
	Messages  int
	Consumers int
}

// QueueDeclare declares a queue.
func (ch *Channel) QueueDeclare(name string, durable, autoDelete, exclusive, noWait bool, args Table) (Queue, error) {
	return Queue{Name: name}, nil
}

// Qos sets the prefetch of the channel's consumers.
func (ch *Channel) Qos(prefetchCount, prefetchSize int, global bool) error { return nil }

// Consume starts delivering queued messages.
func (ch *Channel) Consume(queue, consumer string, autoAck, exclusive, noLocal, noWait bool, args Table) (<-chan Delivery, error) {
	return nil, nil
}

// ConsumeWithContext starts delivering queued messages until ctx is done.
func (ch *Channel) ConsumeWithContext(ctx context.Context, queue, consumer string, autoAck, exclusive, noLocal, noWait bool, args Table) (<-chan Delivery, error) {
	return nil, nil
}

// Get receives one message.
func (ch *Channel) Get(queue string, autoAck bool) (msg Delivery, ok bool, err error) {
	return Delivery{}, false, nil
}

// Cancel stops a consumer.
func (ch *Channel) Cancel(consumer string, noWait bool) error { return nil }

// Ack acknowledges a delivery by its tag.
func (ch *Channel) Ack(tag uint64, multiple bool) error { return nil }

// Nack negatively acknowledges a delivery by its tag.
func (ch *Channel) Nack(tag uint64, multiple, requeue bool) error { return nil }

// Reject rejects a delivery by its tag.
func (ch *Channel) Reject(tag uint64, requeue bool) error { return nil }

// Close closes the channel.
func (ch *Channel) Close() error { return nil }

// Acknowledger acknowledges deliveries.
type Acknowledger interface {
	Ack(tag uint64, multiple bool) error
	Nack(tag uint64, multiple, requeue bool) error
	Reject(tag uint64, requeue bool) error
}

// Delivery is a message delivered to a consumer.
type Delivery struct {
	Acknowledger Acknowledger
	Headers      Table

	ContentType     string
	ContentEncoding string
	DeliveryMode    uint8
	Priority        uint8
	CorrelationId   string
	ReplyTo         string
	Expiration      string
	MessageId       string
	Timestamp       time.Time
	Type            string
	UserId          string
	AppId           string

	ConsumerTag  string
	MessageCount uint32
	DeliveryTag  uint64
	Redelivered  bool
	Exchange     string
	RoutingKey   string

	Body []byte
}

// Ack acknowledges the delivery.
func (d Delivery) Ack(multiple bool) error { return nil }

// Nack negatively acknowledges the delivery.
func (d Delivery) Nack(multiple, requeue bool) error { return nil }

// Reject rejects the delivery.
func (d Delivery) Reject(requeue bool) error { return nil }
