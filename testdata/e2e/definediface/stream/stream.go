// Package stream configures consumers with options whose method is
// unexported, so that only stream can implement them.
package stream

type config struct {
	batch int
	name  string
}

// ConsumerOption configures a consumer.
type ConsumerOption interface{ apply(*config) }

type optionFunc func(*config)

func (f optionFunc) apply(c *config) { f(c) }

// WithBatch sets the batch size.
func WithBatch(n int) ConsumerOption { return optionFunc(func(c *config) { c.batch = n }) }

// WithName names the consumer.
func WithName(s string) ConsumerOption { return optionFunc(func(c *config) { c.name = s }) }

// Consumer reads a stream.
type Consumer struct{ cfg config }

// NewConsumer applies the options.
func NewConsumer(opts ...ConsumerOption) *Consumer {
	c := new(Consumer)
	for _, o := range opts {
		o.apply(&c.cfg)
	}
	return c
}

// Batch is the batch size.
func (c *Consumer) Batch() int { return c.cfg.batch }
