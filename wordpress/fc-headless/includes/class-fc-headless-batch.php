<?php
/**
 * The events of one request (plain PHP, no WordPress): each item once, in the order first seen;
 * a delete outweighs an update of the same item; an `all` event makes every other one moot.
 * Split into bodies of at most 100 events, as the webhook accepts them.
 *
 * @package FC_Headless
 */

defined( 'ABSPATH' ) || defined( 'FC_HEADLESS_TESTING' ) || exit;

final class FC_Headless_Batch {

	/** The webhook takes 1 to 100 events per body. */
	const MAX_EVENTS = 100;

	/** The webhook's types. */
	const TYPES = array(
		'products',
		'product_categories',
		'product_colors',
		'imagemap_products',
		'collections',
		'exclusives',
		'designers',
		'projects',
		'pages',
		'media',
		'menu',
		'front-page',
		'all',
	);

	/** @var array<string, array{type: string, id: int, action: string}> */
	private $events = array();

	/** Adds an event; false when the type, id or action is not one the webhook takes. */
	public function add( string $type, int $id, string $action = 'update' ): bool {
		if ( ! in_array( $type, self::TYPES, true ) || ! in_array( $action, array( 'update', 'delete' ), true ) || $id < 0 ) {
			return false;
		}
		if ( in_array( $type, array( 'front-page', 'all' ), true ) ) {
			$id     = 0;
			$action = 'update';
		} elseif ( 0 === $id ) {
			return false;
		}
		$key = $type . ':' . $id;
		if ( isset( $this->events[ $key ] ) ) {
			if ( 'delete' === $action ) {
				$this->events[ $key ]['action'] = 'delete';
			}
			return true;
		}
		$this->events[ $key ] = array(
			'type'   => $type,
			'id'     => $id,
			'action' => $action,
		);
		return true;
	}

	public function is_empty(): bool {
		return empty( $this->events );
	}

	public function count(): int {
		return count( $this->events );
	}

	/** The events, deduplicated; just the `all` event when there is one. */
	public function events(): array {
		if ( isset( $this->events['all:0'] ) ) {
			return array( $this->events['all:0'] );
		}
		return array_values( $this->events );
	}

	/** Lists of at most MAX_EVENTS events, one webhook body each. */
	public function chunks( int $size = self::MAX_EVENTS ): array {
		return array_chunk( $this->events(), max( 1, min( $size, self::MAX_EVENTS ) ) );
	}

	public function clear(): void {
		$this->events = array();
	}

	/** The JSON body for a list of events: `{"events":[{"type":…,"id":…,"action":…}]}`. */
	public static function body( array $events ): string {
		return (string) json_encode( array( 'events' => array_values( $events ) ), JSON_UNESCAPED_SLASHES );
	}
}
