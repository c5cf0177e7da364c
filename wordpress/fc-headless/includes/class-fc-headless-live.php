<?php
/**
 * Whether the site has taken an item's latest change, for the block editor's "Live on the site"
 * (assets/live.js). When a request's events are sent, each item's change is recorded as waiting
 * for every site URL; a site confirms it with any delivery naming the item that it answered 2xx
 * and that was sent after the change (the site then reads the item afresh: a retry of an older
 * delivery confirms a newer change too). A failed delivery marks the item as retrying until its
 * next try, or as given up.
 *
 * The record is a transient per item (a day): the latest change only, nothing to clean up. The
 * states (pure PHP, tested without WordPress): `live`, `sending` (not answered yet), `retrying`
 * (with the next try's time), `failed` (given up), `unknown` (no change recorded since the plugin
 * was configured).
 *
 * @package FC_Headless
 */

defined( 'ABSPATH' ) || defined( 'FC_HEADLESS_TESTING' ) || exit;

final class FC_Headless_Live {

	const PREFIX = 'fc_headless_live_';

	/** Events whose item has an editing screen that asks (posts of the site's types; not media, terms or menus). */
	const TYPES = array( 'products', 'collections', 'exclusives', 'designers', 'projects', 'imagemap_products', 'pages' );

	// ——— the state of one item (plain PHP) ———————————————————————————————————————————

	/** A change made at `$now`, waiting for each of `$sites`. */
	public static function started( array $sites, int $now ): array {
		return array(
			'changed' => $now,
			'pending' => array_fill_keys( $sites, array( 'failed' => false, 'next' => null ) ),
		);
	}

	/** `$site` answered 2xx to a delivery sent at `$sent`: the change is theirs if it was made by then. */
	public static function confirmed( array $state, string $site, int $sent ): array {
		if ( $sent >= (int) ( $state['changed'] ?? 0 ) ) {
			unset( $state['pending'][ $site ] );
		}
		return $state;
	}

	/** A delivery to `$site` failed; `$next` is the next try's time, null when it gave up. */
	public static function failed_once( array $state, string $site, ?int $next ): array {
		if ( isset( $state['pending'][ $site ] ) ) {
			$state['pending'][ $site ] = array( 'failed' => true, 'next' => $next );
		}
		return $state;
	}

	/** @return array{state: string, next: int|null, changed: int|null} */
	public static function summary( ?array $state ): array {
		if ( ! is_array( $state ) || ! isset( $state['pending'] ) ) {
			return array( 'state' => 'unknown', 'next' => null, 'changed' => null );
		}
		$out     = array( 'state' => 'live', 'next' => null, 'changed' => (int) $state['changed'] );
		$failing = array_filter( (array) $state['pending'], static fn( $site ) => ! empty( $site['failed'] ) );
		if ( ! $state['pending'] ) {
			return $out;
		}
		if ( ! $failing ) {
			return array_merge( $out, array( 'state' => 'sending' ) );
		}
		$next = array_filter( array_map( static fn( $site ) => $site['next'], $failing ) );
		if ( count( $next ) < count( $failing ) ) {
			return array_merge( $out, array( 'state' => 'failed' ) );
		}
		return array_merge( $out, array( 'state' => 'retrying', 'next' => (int) min( $next ) ) );
	}

	// ——— records (WordPress) ———————————————————————————————————————————————————————

	/** Before a request's events go out: each item's change waits for every site. */
	public static function sending( array $events, array $sites ): void {
		foreach ( self::items( $events ) as $key ) {
			set_transient( self::PREFIX . $key, self::started( $sites, time() ), DAY_IN_SECONDS );
		}
	}

	public static function delivered( string $site, array $events, int $sent ): void {
		self::update( $events, static fn( $state ) => self::confirmed( $state, $site, $sent ) );
	}

	public static function failed( string $site, array $events, ?int $next ): void {
		self::update( $events, static fn( $state ) => self::failed_once( $state, $site, $next ) );
	}

	/** The state of an item's latest change, by its REST base and id. */
	public static function of( string $type, int $id ): array {
		$state = get_transient( self::PREFIX . "{$type}_{$id}" );
		return self::summary( is_array( $state ) ? $state : null );
	}

	private static function update( array $events, callable $change ): void {
		foreach ( self::items( $events ) as $key ) {
			$state = get_transient( self::PREFIX . $key );
			if ( is_array( $state ) ) {
				set_transient( self::PREFIX . $key, $change( $state ), DAY_IN_SECONDS );
			}
		}
	}

	/** `products_12` for each event of an item with an editing screen. @return string[] */
	private static function items( array $events ): array {
		$out = array();
		foreach ( $events as $event ) {
			if ( in_array( $event['type'] ?? '', self::TYPES, true ) && (int) ( $event['id'] ?? 0 ) > 0 ) {
				$out[] = "{$event['type']}_{$event['id']}";
			}
		}
		return $out;
	}
}
