package catalogue

// Import paths of the message brokers the catalogue models as leases.
const (
	sqs       = "github.com/aws/aws-sdk-go-v2/service/sqs"
	sqsTypes  = "github.com/aws/aws-sdk-go-v2/service/sqs/types"
	pubsubV2  = "cloud.google.com/go/pubsub/v2"
	pubsubV1  = "cloud.google.com/go/pubsub"
	pubsubMsg = "cloud.google.com/go/internal/pubsub"
	amqp      = "github.com/rabbitmq/amqp091-go"
	pulsar    = "github.com/apache/pulsar-client-go/pulsar"
	rocketmq  = "github.com/apache/rocketmq-client-go/v2"
	rocketMsg = "github.com/apache/rocketmq-client-go/v2/primitive"
)

// Reasons the identifiers of a delivered message are not fencing tokens.
const (
	messageID   = "a message ID is the same for every delivery of the message"
	receiptID   = "a receipt handle names one delivery but is not ordered: a later delivery's handle is not greater"
	streamSeq   = "the stream sequence names the message, the same for every delivery of it"
	pendingSeq  = "it counts the messages still pending for the consumer, not the deliveries of this one"
	publishTime = "the message's timestamp is the same for every delivery of it"
	offset      = "an offset names the message, the same for whichever member of the group consumes it"
)

// messagingEntries returns the message-queue part of the table. A message
// received with a visibility timeout or an ack deadline is leased to the
// consumer until it acknowledges it; after the deadline the broker
// redelivers it to another consumer. Receiving is the acquisition (or, for
// APIs that call a handler per message, the handler's body is the scope),
// acknowledging (deleting, acking, nacking, terminating) is the release,
// and extending the deadline is a renewal. The broker's delivery counter
// (JetStream NumDelivered, the SQS ApproximateReceiveCount attribute) grows
// with each delivery of the message, so a sink can compare it; message
// IDs, receipt handles and stream sequences cannot be.
func messagingEntries() []Entry {
	var t []Entry
	add := func(es ...Entry) { t = append(t, es...) }

	// Amazon SQS: each received message is invisible to other consumers
	// until its visibility timeout.
	const sc = "(*github.com/aws/aws-sdk-go-v2/service/sqs.Client)."
	add(entry(sqs, sc+"ReceiveMessage", Acquire))
	add(methods(sqs, sc, Release, "DeleteMessage", "DeleteMessageBatch")...)
	add(methods(sqs, sc, Renew, "ChangeMessageVisibility", "ChangeMessageVisibilityBatch")...)

	// NATS JetStream pull consumers: a fetched message is redelivered
	// after the consumer's AckWait unless acknowledged. Consume hands each
	// message to a handler.
	const jc, jm = "(" + jetstream + ".Consumer).", "(" + jetstream + ".Msg)."
	add(methods(jetstream, jc, Acquire, "Fetch", "FetchBytes", "FetchNoWait", "Next")...)
	add(entry(jetstream, "("+jetstream+".MessagesContext).Next", Acquire),
		entry(jetstream, jc+"Consume", Registers).withArg(0),
		entry(jetstream, "("+jetstream+".PushConsumer).Consume", Registers).withArg(0))
	add(methods(jetstream, jm, Release, "Ack", "DoubleAck", "Nak", "NakWithDelay", "Term", "TermWithReason")...)
	add(entry(jetstream, jm+"InProgress", Renew), entry(jetstream, jm+"Metadata", TokenSource))
	// An ordered consumer, or one configured with AckNone, acknowledges
	// every message on delivery: nothing is leased. The JetStream
	// interface takes the stream's name first, a Stream's methods do not.
	for _, mgr := range []struct {
		recv string
		cfg  int
	}{{"(" + jetstream + ".StreamConsumerManager).", 2}, {"(" + jetstream + ".ConsumerManager).", 1}} {
		add(entry(jetstream, mgr.recv+"OrderedConsumer", NoAckSource))
		for _, m := range []string{"CreateConsumer", "CreateOrUpdateConsumer", "UpdateConsumer"} {
			add(entry(jetstream, mgr.recv+m, NoAckSource).withArg(mgr.cfg).withFields("AckPolicy", "AckNonePolicy"))
		}
	}
	add(entry(jetstream, "("+jetstream+".StreamConsumerManager).CreateOrUpdatePushConsumer", NoAckSource).withArg(2).withFields("AckPolicy", "AckNonePolicy"))

	// The legacy JetStream API of nats.go: pull subscriptions.
	const ls, lm = "(*" + natsLegacy + ".Subscription).", "(*" + natsLegacy + ".Msg)."
	add(methods(natsLegacy, ls, Acquire, "Fetch", "FetchBatch")...)
	add(methods(natsLegacy, lm, Release, "Ack", "AckSync", "Nak", "NakWithDelay", "Term")...)
	add(entry(natsLegacy, lm+"InProgress", Renew), entry(natsLegacy, lm+"Metadata", TokenSource))

	// Google Cloud Pub/Sub: Receive calls its function for each message
	// until the message is acked or nacked; both versions share the
	// message type of an internal package.
	add(entry(pubsubV2, "(*"+pubsubV2+".Subscriber).Receive", Registers).withArg(1),
		entry(pubsubV1, "(*"+pubsubV1+".Subscription).Receive", Registers).withArg(1))
	add(methods(pubsubMsg, "(*"+pubsubMsg+".Message).", Release, "Ack", "Nack", "AckWithResult", "NackWithResult")...)

	// Kafka consumer groups (sarama): ConsumeClaim runs while the group's
	// generation assigns the partition to this member; after a rebalance
	// another member consumes it, while the old one may still run. The
	// generation grows with every rebalance. Marking an offset commits
	// progress and releases nothing: the claim is the partition's.
	add(entry(sarama, "(github.com/IBM/sarama.ConsumerGroup).Consume", Registers).withArg(2).withFields("ConsumeClaim"),
		entry(sarama, "(github.com/IBM/sarama.ConsumerGroupSession).GenerationID", TokenSource))

	// RabbitMQ (AMQP 0-9-1): a consumer started with autoAck false holds
	// each delivery until it acknowledges it; the broker requeues what is
	// unacknowledged when the channel closes (a consumer that crashed, or
	// paused past its heartbeat) and delivers it to another consumer.
	const ac = "(*" + amqp + ".Channel)."
	add(entry(amqp, ac+"Consume", Delivers).withArg(2), entry(amqp, ac+"ConsumeWithContext", Delivers).withArg(3))
	add(methods(amqp, "("+amqp+".Delivery).", Release, "Ack", "Nack", "Reject")...)
	add(methods(amqp, ac, Release, "Ack", "Nack", "Reject")...)
	add(methods(amqp, "("+amqp+".Acknowledger).", Release, "Ack", "Nack", "Reject")...)

	// kafka-go Readers in a consumer group: a fetched message's partition
	// is this member's until a rebalance gives it to another, which
	// resumes from the last committed offset; committing the message ends
	// its lease. ReadMessage commits as it returns, before the message is
	// processed, and is not modelled. A Reader made without a GroupID
	// reads outside any group and leases nothing.
	const kr = "(*" + kafkago + ".Reader)."
	add(entry(kafkago, kafkago+".NewReader", NoAckSource).withArg(0).withFields("GroupID"),
		entry(kafkago, kr+"FetchMessage", Acquire), entry(kafkago, kr+"CommitMessages", Release))

	// franz-go clients in a consumer group: the records a poll returns
	// are leased like a kafka-go fetch until they are committed. A client
	// made with an option list that has no ConsumerGroup option consumes
	// outside any group and leases nothing. Marking records for a later
	// commit releases nothing.
	const fc = "(*" + franz + ".Client)."
	add(entry(franz, franz+".NewClient", NoAckSource).withArg(0).withFields("ConsumerGroup"))
	add(methods(franz, fc, Acquire, "PollFetches", "PollRecords")...)
	add(methods(franz, fc, Release, "CommitRecords", "CommitUncommittedOffsets", "CommitMarkedOffsets")...)

	// Apache Pulsar: a received message is redelivered to another
	// consumer of a shared subscription (or to the next one of a failover
	// subscription) once this one disconnects or its ack timeout passes,
	// unless it was acknowledged. Chan, and the MessageChannel of the
	// consumer's options, deliver messages the same way. A negative ack or
	// a later reconsumption hands the message back.
	const pc, pm = "(" + pulsar + ".Consumer).", "(" + pulsar + ".Message)."
	add(entry(pulsar, pc+"Receive", Acquire), entry(pulsar, pc+"Chan", Delivers),
		entry(pulsar, "("+pulsar+".Client).Subscribe", Delivers).withArg(0).withFields("MessageChannel"))
	add(methods(pulsar, pc, Release, "Ack", "AckID", "AckIDList", "AckWithTxn", "AckCumulative", "AckIDCumulative",
		"Nack", "NackID", "ReconsumeLater", "ReconsumeLaterWithCustomProperties")...)
	add(entry(pulsar, pm+"PublishTime", WeakToken).withReason(publishTime),
		entry(pulsar, pm+"RedeliveryCount", WeakToken).withReason("the broker keeps the redelivery count in memory and recounts it when the topic moves to another broker"),
		entry(pulsar, "("+pulsar+".MessageID).EntryID", WeakToken).withReason(messageID),
		entry(pulsar, "("+pulsar+".MessageID).LedgerID", WeakToken).withReason(messageID))

	// Apache RocketMQ push consumers: the function given to Subscribe runs
	// while the messages' queue is assigned to this consumer; after a
	// rebalance another consumer of the group resumes from the last
	// committed offset, and a message not consumed within the consume
	// timeout is sent back for retry. Its result (ConsumeSuccess) is the
	// acknowledgement. A broadcasting consumer delivers every message to
	// every consumer and leases nothing. The reconsume count grows only
	// when a message is sent back, not when a rebalance hands it over.
	add(entry(rocketmq, "("+rocketmq+".PushConsumer).Subscribe", Registers).withArg(2),
		entry(rocketmq, rocketmq+".NewPushConsumer", NoAckSource).withArg(0).withFields("WithConsumerModel", "BroadCasting"))
	return t
}

// messagingWeakFields are the fields of delivered messages that look like
// tokens but do not fence, keyed like weakFields.
var messagingWeakFields = map[string]string{
	sqsTypes + ".Message.MessageId":           messageID,
	sqsTypes + ".Message.ReceiptHandle":       receiptID,
	jetstream + ".SequencePair.Stream":        streamSeq,
	jetstream + ".MsgMetadata.NumPending":     pendingSeq,
	jetstream + ".MsgMetadata.Timestamp":      publishTime,
	natsLegacy + ".SequencePair.Stream":       streamSeq,
	natsLegacy + ".MsgMetadata.NumPending":    pendingSeq,
	natsLegacy + ".MsgMetadata.Timestamp":     publishTime,
	pubsubMsg + ".Message.ID":                 messageID,
	pubsubMsg + ".Message.PublishTime":        publishTime,
	amqp + ".Delivery.DeliveryTag":            "a delivery tag counts the deliveries of one channel: another consumer's channel numbers its own from 1",
	amqp + ".Delivery.Redelivered":            "redelivered says only that the message was delivered before, not which delivery this is",
	amqp + ".Delivery.MessageId":              messageID,
	amqp + ".Delivery.Timestamp":              publishTime,
	kafkago + ".Message.Offset":               offset,
	franz + ".Record.Offset":                  offset,
	rocketMsg + ".MessageExt.MsgId":           messageID,
	rocketMsg + ".MessageExt.OffsetMsgId":     messageID,
	rocketMsg + ".MessageExt.QueueOffset":     offset,
	rocketMsg + ".MessageExt.CommitLogOffset": offset,
	rocketMsg + ".MessageExt.ReconsumeTimes":  "the reconsume count grows when a message is sent back for retry, not when a rebalance hands its queue to another consumer",
	rocketMsg + ".MessageExt.BornTimestamp":   publishTime,
	rocketMsg + ".MessageExt.StoreTimestamp":  publishTime,
	sarama + ".ConsumerMessage.Offset":        offset,
}

func init() {
	for k, v := range messagingWeakFields {
		weakFields[k] = v
	}
}
