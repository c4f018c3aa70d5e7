package kgo

import "context"

// ConsumerOpt is a consumer option.
type ConsumerOpt interface {
	Opt
	consumerOpt()
}

// GroupOpt is a consumer-group option.
type GroupOpt interface {
	Opt
	groupOpt()
}

type consumerOption struct{}

func (consumerOption) apply(*cfg)   {}
func (consumerOption) consumerOpt() {}

type groupOption struct{}

func (groupOption) apply(*cfg) {}
func (groupOption) groupOpt()  {}

// ConsumeTopics sets the topics to consume.
func ConsumeTopics(topics ...string) ConsumerOpt { return consumerOption{} }

// ConsumerGroup joins the consumer group named group.
func ConsumerGroup(group string) GroupOpt { return groupOption{} }

// DisableAutoCommit turns off committing polled offsets on a timer.
func DisableAutoCommit() GroupOpt { return groupOption{} }

// Fetch is one broker's fetch response.
type Fetch struct{}

// Fetches is a group of fetches.
type Fetches []Fetch

// FetchError is an error of a fetch.
type FetchError struct {
	Topic     string
	Partition int32
	Err       error
}

// Errors returns the errors of the fetches.
func (fs Fetches) Errors() []FetchError { return nil }

// Err returns the first error of the fetches.
func (fs Fetches) Err() error { return nil }

// IsClientClosed reports whether the client was closed.
func (fs Fetches) IsClientClosed() bool { return false }

// Records returns the fetched records.
func (fs Fetches) Records() []*Record { return nil }

// EachRecord calls fn for each fetched record.
func (fs Fetches) EachRecord(fn func(*Record)) {}

// PollFetches waits for fetched records.
func (cl *Client) PollFetches(ctx context.Context) Fetches { return nil }

// PollRecords waits for at most maxPollRecords fetched records.
func (cl *Client) PollRecords(ctx context.Context, maxPollRecords int) Fetches { return nil }

// CommitRecords commits the offsets of rs.
func (cl *Client) CommitRecords(ctx context.Context, rs ...*Record) error { return nil }

// CommitUncommittedOffsets commits every polled offset not yet committed.
func (cl *Client) CommitUncommittedOffsets(ctx context.Context) error { return nil }

// CommitMarkedOffsets commits the offsets marked for commit.
func (cl *Client) CommitMarkedOffsets(ctx context.Context) error { return nil }

// MarkCommitRecords marks records for a later commit.
func (cl *Client) MarkCommitRecords(rs ...*Record) {}

// GroupMetadata returns the member ID and the generation the client
// currently has.
func (cl *Client) GroupMetadata() (string, int32) { return "", -1 }
