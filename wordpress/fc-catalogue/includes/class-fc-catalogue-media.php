<?php
/**
 * An image an editor shows on a published item is visible to the site. WordPress's REST API
 * hides an attachment from anyone who cannot read the post it was uploaded to, so an image first
 * uploaded to a draft (or to a product still unpublished) would stay hidden from the site's
 * read-only account on every published product that uses it. When a published post names an image
 * (its Gallery, an image field, its featured image) whose parent is not published, the image moves
 * to that post ("Uploaded to" in the media library); a term's image (a category's) whose parent is
 * not published becomes unattached. Images already attached to something published stay where
 * they are. The read-only account never gets rights to read drafts.
 *
 * Only an image the acting user may edit moves (an unattached one or one attached to the item
 * itself needs no move): an Author cannot publish someone else's draft image, or an image of an
 * administrator's private page, by naming it in their gallery. FC_Catalogue_Validation refuses
 * such a choice with a message before anything is saved; the move checks again (a scheduled
 * publication, run by WP-Cron without a user, acts as the item's author).
 *
 * A product's first Gallery image is its featured image (the image of its card), as
 * the editor's help under the Gallery says.
 *
 * @package FC_Catalogue
 */

defined( 'ABSPATH' ) || exit;

final class FC_Catalogue_Media {

	public static function init(): void {
		add_action( 'added_post_meta', array( __CLASS__, 'post_meta_changed' ), 10, 4 );
		add_action( 'updated_post_meta', array( __CLASS__, 'post_meta_changed' ), 10, 4 );
		add_action( 'transition_post_status', array( __CLASS__, 'status_changed' ), 10, 3 );
		add_action( 'added_term_meta', array( __CLASS__, 'term_meta_changed' ), 10, 4 );
		add_action( 'updated_term_meta', array( __CLASS__, 'term_meta_changed' ), 10, 4 );
	}

	/** A field's value saved (the REST API writes meta after the post, so after its status). */
	public static function post_meta_changed( $meta_id, $post_id, $meta_key, $value ): void {
		$post = get_post( (int) $post_id );
		if ( ! $post || 'attachment' === $post->post_type ) {
			return;
		}
		$kind = '_thumbnail_id' === $meta_key ? 'image' : ( FC_Catalogue_Fields::of( $post->post_type )[ $meta_key ]['kind'] ?? '' );
		if ( 'gallery' === $kind && 'products' === $post->post_type ) {
			self::feature_first( $post->ID, FC_Catalogue_Model::ids( $value ) );
		}
		if ( 'publish' === $post->post_status && in_array( $kind, array( 'image', 'gallery' ), true ) ) {
			self::adopt( self::image_ids( $kind, $value ), $post->ID );
		}
	}

	/** Published: the images its fields already named become visible with it. */
	public static function status_changed( $new_status, $old_status, $post ): void {
		if ( 'publish' !== $new_status || ! $post instanceof WP_Post ) {
			return;
		}
		$ids = array( (int) get_post_thumbnail_id( $post ) );
		foreach ( FC_Catalogue_Fields::of( $post->post_type ) as $key => $field ) {
			if ( in_array( $field['kind'], array( 'image', 'gallery' ), true ) ) {
				$ids = array_merge( $ids, self::image_ids( $field['kind'], get_post_meta( $post->ID, $key, true ) ) );
			}
		}
		self::adopt( $ids, $post->ID );
	}

	/** A term's image (terms are always public). */
	public static function term_meta_changed( $meta_id, $term_id, $meta_key, $value ): void {
		$term = get_term( (int) $term_id );
		if ( ! $term instanceof WP_Term ) {
			return;
		}
		$field = FC_Catalogue_Fields::term_fields()[ $term->taxonomy ][ $meta_key ] ?? null;
		if ( $field && 'image' === $field['kind'] ) {
			self::adopt( self::image_ids( 'image', $value ), 0 );
		}
	}

	/** @return int[] */
	private static function image_ids( string $kind, $value ): array {
		return 'gallery' === $kind ? FC_Catalogue_Model::ids( $value ) : array_filter( array( absint( $value ) ) );
	}

	/**
	 * Whether `$user_id` may make `$image` an image of post `$post_id`: it needs no move (unattached,
	 * already the post's, or attached to a published item, where it stays), or they may edit it.
	 */
	public static function may_attach( WP_Post $image, int $post_id, int $user_id ): bool {
		if ( ! $image->post_parent || $image->post_parent === $post_id || 'publish' === get_post_status( $image->post_parent ) ) {
			return true;
		}
		return $user_id > 0 && user_can( $user_id, 'edit_post', $image->ID );
	}

	/** Each image whose parent is not published moves to `$owner` (0: unattached), if the acting user may edit it. */
	private static function adopt( array $ids, int $owner ): void {
		$actor = get_current_user_id() ?: (int) get_post_field( 'post_author', $owner );
		foreach ( array_unique( array_filter( array_map( 'intval', $ids ) ) ) as $id ) {
			$image = get_post( $id );
			if ( ! $image || 'attachment' !== $image->post_type || ! $image->post_parent || $image->post_parent === $owner ) {
				continue;
			}
			if ( 'publish' !== get_post_status( $image->post_parent ) && self::may_attach( $image, $owner, $actor ) ) {
				wp_update_post(
					array(
						'ID'          => $id,
						'post_parent' => $owner,
					)
				);
			}
		}
	}

	/** The product's featured image is its first Gallery image. */
	private static function feature_first( int $post_id, array $gallery ): void {
		if ( $gallery && (int) get_post_thumbnail_id( $post_id ) !== $gallery[0] ) {
			set_post_thumbnail( $post_id, $gallery[0] );
		}
	}
}
