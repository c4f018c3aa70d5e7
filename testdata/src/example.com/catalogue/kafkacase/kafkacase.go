// Package kafkacase publishes ledger entries to Kafka while it is the
// elected etcd leader for a shard, with kafka-go, sarama and franz-go.
package kafkacase

import (
	"context"
	"errors"
	"strconv"

	"github.com/IBM/sarama"
	"github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"
	clientv3 "go.etcd.io/etcd/client/v3"
	"go.etcd.io/etcd/client/v3/concurrency"
)

var errFenced = errors.New("kafkacase: a newer producer took the shard")

// Publisher publishes one shard's ledger.
type Publisher struct {
	Etcd    *clientv3.Client
	Brokers []string
	Shard   int
}

// lead campaigns for the shard and returns the session that keeps the
// leadership alive.
//
//fencecheck:acquire
func (p *Publisher) lead(ctx context.Context) (*concurrency.Session, error) {
	sess, err := concurrency.NewSession(p.Etcd)
	if err != nil {
		return nil, err
	}
	e := concurrency.NewElection(sess, "/ledger/shard-"+strconv.Itoa(p.Shard))
	if err := e.Campaign(ctx, "publisher"); err != nil {
		sess.Close()
		return nil, err
	}
	return sess, nil
}

// PublishKafkaGo writes with kafka-go, which has no transactional producer.
func (p *Publisher) PublishKafkaGo(ctx context.Context, entries [][]byte) error {
	sess, err := p.lead(ctx)
	if err != nil {
		return err
	}
	defer sess.Close()
	w := &kafka.Writer{Addr: kafka.TCP(p.Brokers...), Topic: "ledger"}
	defer w.Close()
	msgs := make([]kafka.Message, len(entries))
	for i, e := range entries {
		msgs[i] = kafka.Message{Key: []byte(strconv.Itoa(p.Shard)), Value: e}
	}
	if err := w.WriteMessages(ctx, msgs...); err != nil { // want `unfenced`
		return err
	}
	select {
	case <-sess.Done():
		return errFenced
	default:
	}
	if err := w.WriteMessages(ctx, kafka.Message{Key: []byte("checkpoint"), Value: []byte("done")}); err != nil { // want `preflight`
		return err
	}
	return nil
}

// PublishSarama writes with sarama, plain and transactional.
func (p *Publisher) PublishSarama(ctx context.Context, entry []byte) error {
	sess, err := p.lead(ctx)
	if err != nil {
		return err
	}
	defer sess.Close()

	plain, err := sarama.NewSyncProducer(p.Brokers, sarama.NewConfig())
	if err != nil {
		return err
	}
	defer plain.Close()
	if _, _, err := plain.SendMessage(&sarama.ProducerMessage{Topic: "ledger", Value: sarama.ByteEncoder(entry)}); err != nil { // want `unfenced`
		return err
	}

	cfg := sarama.NewConfig()
	cfg.Producer.Idempotent = true
	cfg.Producer.Return.Successes = true
	cfg.Producer.Transaction.ID = "ledger-shard-" + strconv.Itoa(p.Shard)
	cfg.Net.MaxOpenRequests = 1
	txp, err := sarama.NewSyncProducer(p.Brokers, cfg)
	if err != nil {
		return err
	}
	defer txp.Close()
	if err := txp.BeginTxn(); err != nil {
		return err
	}
	if _, _, err := txp.SendMessage(&sarama.ProducerMessage{Topic: "ledger", Value: sarama.ByteEncoder(entry)}); err != nil { // ok: the transactional id is per shard, so the broker fences an older producer epoch
		txp.AbortTxn()
		return err
	}
	if err := txp.CommitTxn(); err != nil {
		if errors.Is(err, sarama.ErrProducerFenced) {
			return errFenced
		}
		return err
	}

	if err := txp.BeginTxn(); err != nil {
		return err
	}
	if _, _, err := txp.SendMessage(&sarama.ProducerMessage{Topic: "ledger-audit", Value: sarama.ByteEncoder(entry)}); err != nil { // ok: sent inside the transaction; its outcome is the commit's
		return err
	}
	txp.CommitTxn() // want `uncheckedfence`
	return nil
}

// PublishFranz writes with franz-go, plain and transactional.
func (p *Publisher) PublishFranz(ctx context.Context, entry []byte) error {
	sess, err := p.lead(ctx)
	if err != nil {
		return err
	}
	defer sess.Close()

	plain, err := kgo.NewClient(kgo.SeedBrokers(p.Brokers...), kgo.DefaultProduceTopic("ledger"))
	if err != nil {
		return err
	}
	defer plain.Close()
	if err := plain.ProduceSync(ctx, kgo.SliceRecord(entry)).FirstErr(); err != nil { // want `unfenced`
		return err
	}

	tx, err := kgo.NewClient(kgo.SeedBrokers(p.Brokers...), kgo.DefaultProduceTopic("ledger"), kgo.TransactionalID("ledger-shard-"+strconv.Itoa(p.Shard)))
	if err != nil {
		return err
	}
	defer tx.Close()
	if err := tx.BeginTransaction(); err != nil {
		return err
	}
	if err := tx.ProduceSync(ctx, kgo.SliceRecord(entry)).FirstErr(); err != nil { // ok: transactional id per shard; the broker fences an older epoch
		tx.EndTransaction(ctx, kgo.TryAbort)
		return err
	}
	if err := tx.EndTransaction(ctx, kgo.TryCommit); err != nil {
		if errors.Is(err, kerr.ProducerFenced) || errors.Is(err, kerr.InvalidProducerEpoch) {
			return errFenced
		}
		return err
	}
	return nil
}

// Announce writes outside any lease.
func Announce(ctx context.Context, brokers []string, msg []byte) error {
	w := &kafka.Writer{Addr: kafka.TCP(brokers...), Topic: "announcements"}
	defer w.Close()
	return w.WriteMessages(ctx, kafka.Message{Value: msg}) // ok: no lease is held
}
