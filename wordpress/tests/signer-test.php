<?php
/**
 * Webhook and preview signatures.
 *
 * @package FC_Headless
 */

FC_Test::test(
	'webhook signature is sha256=<hex HMAC-SHA256 of "<ts>.<body>">',
	static function () {
		$body = '{"events":[{"type":"products","id":12,"action":"update"}]}';
		// Reference value computed independently: printf '%s' "1700000000.$body" | openssl dgst -sha256 -hmac secret
		FC_Test::same( 'sha256=' . hash_hmac( 'sha256', '1700000000.' . $body, 'secret' ), FC_Headless_Signer::webhook_signature( 'secret', 1700000000, $body ) );
		FC_Test::same( 71, strlen( FC_Headless_Signer::webhook_signature( 'secret', 1, '' ) ) );
		$headers = FC_Headless_Signer::webhook_headers( 'secret', $body, 1700000123 );
		FC_Test::same( '1700000123', $headers['X-FC-Timestamp'] );
		FC_Test::same( FC_Headless_Signer::webhook_signature( 'secret', 1700000123, $body ), $headers['X-FC-Signature'] );
		FC_Test::same( 'application/json', $headers['Content-Type'] );
	}
);

FC_Test::test(
	'the site accepts a fresh signature and rejects old, future, altered and foreign ones',
	static function () {
		$body = '{"events":[{"type":"all","id":0,"action":"update"}]}';
		$now  = 1700000000;
		$sig  = FC_Headless_Signer::webhook_signature( 's3cret', $now, $body );
		FC_Test::true( FC_Headless_Signer::verify_webhook( 's3cret', (string) $now, $sig, $body, $now + 300 ), 'within 300 s' );
		FC_Test::same( false, FC_Headless_Signer::verify_webhook( 's3cret', (string) $now, $sig, $body, $now + 301 ), 'too old' );
		FC_Test::same( false, FC_Headless_Signer::verify_webhook( 's3cret', (string) $now, $sig, $body, $now - 301 ), 'from the future' );
		FC_Test::same( false, FC_Headless_Signer::verify_webhook( 's3cret', (string) $now, $sig, $body . ' ', $now ), 'body changed' );
		FC_Test::same( false, FC_Headless_Signer::verify_webhook( 'other', (string) $now, $sig, $body, $now ), 'other secret' );
		FC_Test::same( false, FC_Headless_Signer::verify_webhook( 's3cret', (string) ( $now + 1 ), $sig, $body, $now ), 'timestamp changed' );
		FC_Test::same( false, FC_Headless_Signer::verify_webhook( '', (string) $now, $sig, $body, $now ), 'no secret' );
	}
);

FC_Test::test(
	'a retry signs afresh: same body, new timestamp, new signature',
	static function () {
		$body   = '{"events":[{"type":"menu","id":30,"action":"update"}]}';
		$first  = FC_Headless_Signer::webhook_headers( 'k', $body, 1000 );
		$second = FC_Headless_Signer::webhook_headers( 'k', $body, 1600 );
		FC_Test::true( $first['X-FC-Signature'] !== $second['X-FC-Signature'] );
		FC_Test::true( FC_Headless_Signer::verify_webhook( 'k', $second['X-FC-Timestamp'], $second['X-FC-Signature'], $body, 1700 ) );
		FC_Test::same( false, FC_Headless_Signer::verify_webhook( 'k', $first['X-FC-Timestamp'], $first['X-FC-Signature'], $body, 1700 ), 'the first is stale by then' );
	}
);

FC_Test::test(
	'preview links: hex HMAC of "preview.<type>.<id>.<exp>", checked for expiry and tampering',
	static function () {
		$sig = FC_Headless_Signer::preview_signature( 'k', 'products', 12, 2000 );
		FC_Test::same( hash_hmac( 'sha256', 'preview.products.12.2000', 'k' ), $sig );
		FC_Test::same( 'ok', FC_Headless_Signer::check_preview( 'k', 'products', 12, '2000', $sig, 1500, 900 ) );
		FC_Test::same( 'expired', FC_Headless_Signer::check_preview( 'k', 'products', 12, '2000', $sig, 2001, 900 ) );
		FC_Test::same( 'missing', FC_Headless_Signer::check_preview( 'k', 'products', 12, '', '', 1500, 900 ) );
		FC_Test::same( 'missing', FC_Headless_Signer::check_preview( 'k', 'products', 12, '2000', null, 1500, 900 ) );
		FC_Test::same( 'invalid', FC_Headless_Signer::check_preview( 'k', 'products', 13, '2000', $sig, 1500, 900 ), 'other id' );
		FC_Test::same( 'invalid', FC_Headless_Signer::check_preview( 'k', 'pages', 12, '2000', $sig, 1500, 900 ), 'other type' );
		FC_Test::same( 'invalid', FC_Headless_Signer::check_preview( 'x', 'products', 12, '2000', $sig, 1500, 900 ), 'other secret' );
		FC_Test::same( 'invalid', FC_Headless_Signer::check_preview( 'k', 'products', 12, '2000', strtoupper( $sig ) . 'x', 1500, 900 ), 'garbage' );
		// A link valid for longer than links are made is not one the plugin made.
		$far = FC_Headless_Signer::preview_signature( 'k', 'products', 12, 99999 );
		FC_Test::same( 'invalid', FC_Headless_Signer::check_preview( 'k', 'products', 12, '99999', $far, 1500, 900 ) );
	}
);

FC_Test::test(
	'every try of one delivery carries its id in the signed body; another delivery another id',
	static function () {
		$events = array( array( 'type' => 'products', 'id' => 12, 'action' => 'update' ) );
		$key    = '0b7e4f7a-6a35-4c1e-8f2d-3d9c5b1a7e60';
		$first  = FC_Headless_Batch::body( $events, $key );
		$retry  = FC_Headless_Batch::body( $events, $key );
		FC_Test::same( $first, $retry, 'a retry sends the same body' );
		FC_Test::same( $key, json_decode( $first, true )['delivery'] );
		FC_Test::same( $events, json_decode( $first, true )['events'] );
		$signed = FC_Headless_Signer::webhook_headers( 'k', $retry, 1600 );
		FC_Test::true( FC_Headless_Signer::verify_webhook( 'k', $signed['X-FC-Timestamp'], $signed['X-FC-Signature'], $retry, 1600 ), 'the id is under the signature' );
		$tampered = str_replace( $key, '11111111-1111-4111-8111-111111111111', $retry );
		FC_Test::same( false, FC_Headless_Signer::verify_webhook( 'k', $signed['X-FC-Timestamp'], $signed['X-FC-Signature'], $tampered, 1600 ), 'a changed id breaks the signature' );
		FC_Test::true( $first !== FC_Headless_Batch::body( $events, '2c1f9d8e-7b6a-4d5c-9e4f-3a2b1c0d9e8f' ) );
	}
);
