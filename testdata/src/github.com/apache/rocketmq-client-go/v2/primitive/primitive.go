// Package primitive is a stub of
// github.com/apache/rocketmq-client-go/v2/primitive with the real
// signatures of the message types.
package primitive

// NamesrvAddr lists name servers.
type NamesrvAddr []string

// MessageQueue names a queue of a topic.
type MessageQueue struct {
	Topic      string `json:"topic"`
	BrokerName string `json:"brokerName"`
	QueueId    int    `json:"queueId"`
}

// Message is a message.
type Message struct {
	Topic          string
	Body           []byte
	CompressedBody []byte
	Flag           int32
	TransactionId  string
	Batch          bool
	Compress       bool
	Queue          *MessageQueue
}

// GetKeys returns the message's keys.
func (m *Message) GetKeys() string { return "" }

// MessageExt is a message as the broker stored it.
type MessageExt struct {
	Message
	MsgId                     string
	OffsetMsgId               string
	StoreSize                 int32
	QueueOffset               int64
	SysFlag                   int32
	BornTimestamp             int64
	BornHost                  string
	StoreTimestamp            int64
	StoreHost                 string
	CommitLogOffset           int64
	BodyCRC                   int32
	ReconsumeTimes            int32
	PreparedTransactionOffset int64
}

// GetTags returns the message's tags.
func (msgExt *MessageExt) GetTags() string { return "" }
